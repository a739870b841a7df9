import { useState } from 'react';
import { dayKeyOf, type DayKey } from './calendar';
import { QueryError } from '../sync/QueryError';
import { AgendaList } from './AgendaList';
import { shiftAnchor } from './calendar-layout';
import { CalendarDrag } from './CalendarDrag';
import { CalendarGrid } from './CalendarGrid';
import { PlanFacts, UnscheduledNote } from './CalendarNotes';
import { CalendarToolbar } from './CalendarToolbar';
import type { DayCellShared } from './DayCell';
import type { DraggedAsset } from './media-strip/asset-drag';
import { MediaStrip } from './media-strip/MediaStrip';
import { useAssetDraft } from './media-strip/use-asset-draft';
import { useFileDraft } from './media-strip/use-file-draft';
import { PlanForm } from './PlanForm';
import { ScheduleNotice } from './ScheduleNotice';
import { SelectedItemBar } from './SelectedItemBar';
import type { OpenRequest, PlannerTab } from './tabs';
import { useCalendarMoves, useCalendarView } from './use-calendar';
import { useCalendarSlots, useSlotPost } from './use-calendar-slots';
import { useZone } from './use-zone';

const focusLater = (selector: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());

type CalendarView = ReturnType<typeof useCalendarView>;

/** The days in the chosen view, their items draggable to another day. */
function CalendarBody({
  v,
  shared,
  weekStartsOn,
  onMove,
}: {
  v: CalendarView;
  shared: DayCellShared;
  weekStartsOn: ReturnType<typeof useZone>['weekStartsOn'];
  onMove: ReturnType<typeof useCalendarMoves>['move'];
}) {
  const tz = shared.tz;
  return (
    <div className="cal-body" aria-busy={v.calendar.isFetching}>
      <CalendarDrag items={v.items} tz={tz} onMove={onMove}>
        {v.mode === 'agenda' ? (
          <AgendaList title={v.title} days={v.rows.flat()} byDay={v.byDay} {...shared} />
        ) : (
          <CalendarGrid
            {...{
              mode: v.mode,
              title: v.title,
              rows: v.rows,
              month: v.anchor.slice(0, 7),
              weekStartsOn,
              byDay: v.byDay,
            }}
            {...shared}
            onShowDay={(day) => {
              v.setAnchor(day);
              v.setMode('week');
              focusLater(`[data-testid="calendar-day-${CSS.escape(day)}"] .cal-chip`);
            }}
          />
        )}
      </CalendarDrag>
    </div>
  );
}

/**
 * D2: posts and queue items by day (month, week, agenda) with plan and channel filters;
 * drag or "Move to…" to reschedule.
 */
interface PanelProps {
  request: OpenRequest | null;
  onOpen(tab: PlannerTab, id: string | null, notice?: string): void;
}

/**
 * What a day does when asked for a post: an empty slot makes a scheduled post at its time on its channel;
 * a day's own space a draft there at 09:00; a media dropped on a day (or chosen in the strip, then the
 * day's + button) a draft with it, in the day's first free slot. Each opens in the post editor.
 */
function useDayActions(v: CalendarView, tz: string, onOpen: PanelProps['onOpen']) {
  const slots = useCalendarSlots(v.rows, tz, true, v.channel);
  const slotPost = useSlotPost();
  const assetDraft = useAssetDraft();
  const [picked, setPicked] = useState<DraggedAsset | null>(null);
  const opened = (made: Promise<string>) =>
    void made.then(
      (id) => onOpen('posts', id),
      () => undefined,
    );
  const fileDraft = useFileDraft(assetDraft.make);
  const placeOn = (day: DayKey) => ({ day, free: slots.byDay.get(day) ?? [], tz, channel: v.channel });
  const openDraft = (made: Promise<{ id: string; notice: string }>) =>
    void made.then(
      ({ id, notice }) => {
        setPicked(null);
        onOpen('posts', id, notice);
      },
      () => undefined,
    );
  const withAsset = (day: DayKey, asset: DraggedAsset) =>
    openDraft(assetDraft.make({ ...placeOn(day), assets: [asset] }));
  const actions: Pick<
    DayCellShared,
    'slotsByDay' | 'slotBusy' | 'onSlot' | 'onNewPost' | 'onDropAsset' | 'onDropFiles' | 'pickedAsset'
  > = {
    slotsByDay: slots.byDay,
    slotBusy: slotPost.busy || assetDraft.busy || fileDraft.busy,
    onSlot: (slot) => opened(slotPost.make(slot)),
    onNewPost: (day) => (picked ? withAsset(day, picked) : opened(slotPost.makeOnDay(day, tz, v.channel))),
    onDropAsset: withAsset,
    onDropFiles: (day, files) => openDraft(fileDraft.make(files, placeOn(day))),
    pickedAsset: picked?.name ?? null,
  };
  const error = slots.error ?? slotPost.error ?? assetDraft.error ?? fileDraft.error;
  return { actions, picked, setPicked, error };
}

export function CalendarPanel({ request, onOpen }: PanelProps) {
  const { tz, weekStartsOn } = useZone();
  const v = useCalendarView(request, tz, weekStartsOn);
  const { current, setSelected, moved, setMoved, move, reschedule } = useCalendarMoves(v.items, tz);
  const [creating, setCreating] = useState(false);
  const day = useDayActions(v, tz, onOpen);
  const shared: DayCellShared = {
    tz,
    today: dayKeyOf(new Date(), tz),
    selectedId: current?.id ?? null,
    onSelect: setSelected,
    ...day.actions,
  };
  const chosenPlan = v.planViews.find((p) => p.id === v.planId);
  return (
    <section className="cal" aria-label="Calendar">
      <CalendarToolbar
        {...{
          mode: v.mode,
          title: v.title,
          tz,
          plans: v.planViews,
          planId: v.planId,
          channels: v.channels,
          channel: v.channel,
        }}
        onMode={v.setMode}
        onStep={(dir) => v.setAnchor((a) => shiftAnchor(v.mode, a, dir))}
        onToday={() => v.setAnchor(dayKeyOf(new Date(), tz))}
        onPlan={v.setPlanId}
        onChannel={v.setChannel}
        onNewPlan={() => setCreating(true)}
      />
      {creating && (
        <PlanForm
          tz={tz}
          onCreated={(plan) => {
            setCreating(false);
            v.setPlanId(plan.id);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {chosenPlan && <PlanFacts plan={chosenPlan} tz={tz} onGoTo={v.setAnchor} />}
      <QueryError error={v.calendar.error ?? v.plans.error ?? reschedule.error ?? day.error} />
      <ScheduleNotice moved={moved} tz={tz} onDismiss={() => setMoved(null)} />
      {current && (
        <SelectedItemBar
          item={current}
          tz={tz}
          busy={reschedule.isPending}
          onMove={move}
          onOpen={(item) => onOpen(item.group === 'posts' ? 'posts' : 'queue', item.id)}
          onClose={() => {
            setSelected(null);
            focusLater(`[data-testid="calendar-item-${CSS.escape(current.id)}"]`);
          }}
        />
      )}
      <MediaStrip picked={day.picked} onPick={day.setPicked} />
      <CalendarBody v={v} shared={shared} weekStartsOn={weekStartsOn} onMove={move} />
      <UnscheduledNote count={v.calendar.data?.unscheduled ?? 0} onShow={() => onOpen('posts', null)} />
    </section>
  );
}
