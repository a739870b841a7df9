import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dayKeyOf, moveToDay, type DayKey } from '../../shared/calendar';
import type { CalendarItem } from '../../shared/planner';
import { useChannel } from '../backend/context';
import { useStoredState } from '../library/use-stored-state';
import { QueryError } from '../sync/QueryError';
import { AgendaList } from './AgendaList';
import { calendarModes, itemsByDay, rangeOf, rangeTitle, shiftAnchor, visibleDays, type CalendarMode } from './calendar-layout';
import { CalendarGrid } from './CalendarGrid';
import { CalendarToolbar } from './CalendarToolbar';
import type { DayCellShared } from './DayCell';
import { planOf } from './fields';
import { PlanForm } from './PlanForm';
import { channelsOf } from './post-filter';
import { ScheduleNotice } from './ScheduleNotice';
import { SelectedItemBar } from './SelectedItemBar';
import type { OpenRequest, PlannerTab } from './tabs';
import { useKnownChannels } from './use-known-channels';
import { usePlannerAction, useRecords } from './use-records';
import { useZone } from './use-zone';
import { whenLabel } from './local-time';

/** D2: posts and queue items by day (month, week, agenda) with plan and channel filters; drag or "Move to…" to reschedule. */
export function CalendarPanel({ request, onOpen }: { request: OpenRequest | null; onOpen(tab: PlannerTab, id: string | null): void }) {
  const { tz, weekStartsOn } = useZone();
  const [mode, setMode] = useStoredState<CalendarMode>('atelier.planner.calendar', calendarModes, 'month');
  const [anchor, setAnchor] = useState<DayKey>(() => dayKeyOf(new Date(), tz));
  const [planId, setPlanId] = useState(request?.id ?? '');
  const [channel, setChannel] = useState('');
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<CalendarItem | null>(null);
  const [moved, setMoved] = useState<CalendarItem | null>(null);
  const [dragging, setDragging] = useState(false);
  const dragged = useRef<CalendarItem | null>(null);

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
  const calendar = useChannel('planner.calendar', { ...range, zone: tz, ...(planId ? { planId } : {}), ...(channel ? { channel } : {}) }, { placeholderData: (prev) => prev });
  const items = useMemo(() => calendar.data?.items ?? [], [calendar.data]);
  const byDay = useMemo(() => itemsByDay(items, tz), [items, tz]);
  const title = rangeTitle(mode, rows, anchor);
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

  const shared: DayCellShared = {
    tz,
    today: dayKeyOf(new Date(), tz),
    selectedId: current?.id ?? null,
    dragging,
    onSelect: setSelected,
    onDragStart: (item) => {
      dragged.current = item;
      setDragging(true);
    },
    onDragEnd: () => {
      dragged.current = null;
      setDragging(false);
    },
    onDropDay: (day) => {
      const item = dragged.current;
      dragged.current = null;
      setDragging(false);
      if (item) move(item, day);
    },
  };

  const chosenPlan = planViews.find((p) => p.id === planId);
  const channels = channelsOf(known, calendar.data?.channels ?? [], channel ? [channel] : []);
  return (
    <section className="cal" aria-label="Calendar">
      <CalendarToolbar
        mode={mode}
        title={title}
        tz={tz}
        plans={planViews}
        planId={planId}
        channels={channels}
        channel={channel}
        onMode={setMode}
        onStep={(dir) => setAnchor((a) => shiftAnchor(mode, a, dir))}
        onToday={() => setAnchor(dayKeyOf(new Date(), tz))}
        onPlan={setPlanId}
        onChannel={setChannel}
        onNewPlan={() => setCreating(true)}
      />
      {creating && (
        <PlanForm
          tz={tz}
          onCreated={(plan) => {
            setCreating(false);
            setPlanId(plan.id);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {chosenPlan && (
        <p className="muted cal-plan-facts" data-testid="plan-facts">
          {chosenPlan.title}: {chosenPlan.postIds.length} {chosenPlan.postIds.length === 1 ? 'post' : 'posts'}
          {chosenPlan.startsAt ? `, from ${whenLabel(chosenPlan.startsAt, tz)}` : ''}
          {chosenPlan.endsAt ? ` to ${whenLabel(chosenPlan.endsAt, tz)}` : ''}
          {chosenPlan.startsAt && (
            <button type="button" className="link" onClick={() => setAnchor(dayKeyOf(chosenPlan.startsAt!, tz))}>
              Go to its first day
            </button>
          )}
        </p>
      )}
      <QueryError error={calendar.error ?? plans.error ?? reschedule.error} />
      <ScheduleNotice moved={moved} tz={tz} onDismiss={() => setMoved(null)} />
      {current && (
        <SelectedItemBar
          item={current}
          tz={tz}
          busy={reschedule.isPending}
          onMove={move}
          onOpen={(item) => onOpen(item.group === 'posts' ? 'posts' : 'queue', item.id)}
          onClose={() => {
            const id = current.id;
            setSelected(null);
            requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="calendar-item-${CSS.escape(id)}"]`)?.focus());
          }}
        />
      )}
      <div className="cal-body" aria-busy={calendar.isFetching}>
        {mode === 'agenda' ? (
          <AgendaList title={title} days={rows.flat()} byDay={byDay} {...shared} />
        ) : (
          <CalendarGrid
            mode={mode}
            title={title}
            rows={rows}
            month={anchor.slice(0, 7)}
            weekStartsOn={weekStartsOn}
            byDay={byDay}
            {...shared}
            onShowDay={(day) => {
              setAnchor(day);
              setMode('week');
              requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="calendar-day-${CSS.escape(day)}"] .cal-chip`)?.focus());
            }}
          />
        )}
      </div>
      {calendar.data && calendar.data.unscheduled > 0 && (
        <p className="muted" data-testid="calendar-unscheduled">
          {calendar.data.unscheduled} {calendar.data.unscheduled === 1 ? 'draft has' : 'drafts have'} no time yet.{' '}
          <button type="button" className="link" onClick={() => onOpen('posts', null)}>
            Show posts
          </button>
        </p>
      )}
    </section>
  );
}
