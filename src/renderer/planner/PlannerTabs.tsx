import { TabList } from '../app/TabList';
import { plannerTabs, tabLabels, type PlannerTab } from './tabs';

export const plannerTabId = (tab: PlannerTab) => `planner-tab-${tab}`;
export const PLANNER_PANEL = 'planner-panel';

/** The planner's parts as tabs. */
export function PlannerTabs({ value, onChange }: { value: PlannerTab; onChange(tab: PlannerTab): void }) {
  return (
    <TabList
      items={plannerTabs}
      value={value}
      label="Planner"
      tabId={plannerTabId}
      panelId={PLANNER_PANEL}
      text={(tab) => tabLabels[tab]}
      onChange={onChange}
      className="planner-tabs"
      tabClassName="planner-tab"
      testId={plannerTabId}
    />
  );
}
