import { useCallback, useEffect, useMemo, useState } from 'react';
import { dayKeyOf, moveToDay, type DayKey } from './calendar';
import type { CalendarItem } from '../../shared/planner';
import { useChannel } from '../backend/context';
import { useStoredState } from '../library/use-stored-state';
import { calendarModes, itemsByDay, rangeOf, rangeTitle, visibleDays, type CalendarMode } from './calendar-layout';
import { planOf } from './fields';
import { channelsOf } from './post-filter';
import type { OpenRequest } from './tabs';
import { useKnownChannels } from './use-known-channels';
import { usePlannerAction, useRecords } from './use-records';

/** What the calendar shows: its view (mode, anchor day), its filters (plan, channel) and the items in range. */
export function useCalendarView(request: OpenRequest | null, tz: string, weekStartsOn: 0 | 1) {
  const [mode, setMode] = useStoredState<CalendarMode>('atelier.planner.calendar', calendarModes, 'month');
  const [anchor, setAnchor] = useState<DayKey>(() => dayKeyOf(new Date(), tz));
  const [planId, setPlanId] = useState(request?.id ?? '');
  const [channel, setChannel] = useState('');

  // A plan opened from elsewhere (a notification) filters the calendar to it.
  const wanted = request?.id;
  useEffect(() => {
    if (wanted) setPlanId(wanted);
  }, [wanted, request?.seq]);

  const plans = useRecords('contentPlans');
  const planViews = useMemo(() => (plans.data?.items ?? []).map(planOf), [plans.data]);
  const known = useKnownChannels(tz);
  const rows = useMemo(() => visibleDays(mode, anchor, tz, weekStartsOn), [mode, anchor, tz, weekStartsOn]);
  const range = useMemo(() => rangeOf(rows, tz), [rows, tz]);
  const calendar = useChannel(
    'planner.calendar',
    { ...range, zone: tz, ...(planId ? { planId } : {}), ...(channel ? { channel } : {}) },
    { placeholderData: (prev) => prev },
  );
  const items = useMemo(() => calendar.data?.items ?? [], [calendar.data]);
  const byDay = useMemo(() => itemsByDay(items, tz), [items, tz]);
  const channels = channelsOf(known, calendar.data?.channels ?? [], channel ? [channel] : []);
  const title = rangeTitle(mode, rows, anchor);
  return {
    mode,
    setMode,
    anchor,
    setAnchor,
    planId,
    setPlanId,
    channel,
    setChannel,
    plans,
    planViews,
    rows,
    calendar,
    items,
    byDay,
    channels,
    title,
  };
}

/** The chosen item and moving items to another day (drag or "Move to…"), with what the last move did. */
export function useCalendarMoves(items: readonly CalendarItem[], tz: string) {
  const [selected, setSelected] = useState<CalendarItem | null>(null);
  const [moved, setMoved] = useState<CalendarItem | null>(null);
  const reschedule = usePlannerAction('planner.reschedule');

  // Keep the chosen item in step with the calendar's answer (its warnings change as others move).
  const current = selected ? (items.find((i) => i.id === selected.id && i.group === selected.group) ?? selected) : null;

  const move = useCallback(
    (item: CalendarItem, day: DayKey) => {
      if (dayKeyOf(item.at, tz) === day) return;
      setMoved(null);
      reschedule.mutate(
        { group: item.group, id: item.id, at: moveToDay(item.at, day, tz), zone: tz },
        {
          onSuccess: (next) => {
            setMoved(next);
            setSelected((s) => (s && s.id === next.id ? next : s));
          },
        },
      );
    },
    [reschedule, tz],
  );
  return { current, setSelected, moved, setMoved, move, reschedule };
}
