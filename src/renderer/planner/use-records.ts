import type { ChannelName } from '../../shared/contract';
import type { ResourceGroup } from '../../shared/profile';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';

/** Up to this many records of a group are listed (the channel's page limit). */
export const RECORDS_SHOWN = 1000;

/** A group's records, newest change first (kept fresh by usePlannerEvents). */
export function useRecords(group: ResourceGroup) {
  return useChannel('records.list', { group, limit: RECORDS_SHOWN }, { placeholderData: (prev) => prev });
}

/** Everything a planner change may alter on screen. */
const plannerQueries: ChannelName[] = ['records.list', 'records.get', 'planner.calendar', 'planner.queue'];

/** A records.* or planner.* action that refreshes the planner's lists when it succeeds. */
export function usePlannerAction<C extends ChannelName>(channel: C) {
  return useAction(channel, plannerQueries);
}
