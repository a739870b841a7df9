import { createContext, useContext } from 'react';
import type { PlannerTab } from './tabs';

/** Opens another planner tab (a link from the post editor to the Channels tab); null outside the planner. */
export const PlannerNav = createContext<((tab: PlannerTab) => void) | null>(null);

export const usePlannerNav = () => useContext(PlannerNav);
