import type { DayKey } from './calendar';
import { dayKeyOf } from './calendar';
import type { PlanView } from './fields';
import { whenLabel } from './local-time';

/** The plan the calendar is filtered to: its posts, its dates and a way to its first day. */
export function PlanFacts({ plan, tz, onGoTo }: { plan: PlanView; tz: string; onGoTo(day: DayKey): void }) {
  return (
    <p className="muted cal-plan-facts" data-testid="plan-facts">
      {plan.title}: {plan.postIds.length} {plan.postIds.length === 1 ? 'post' : 'posts'}
      {plan.startsAt ? `, from ${whenLabel(plan.startsAt, tz)}` : ''}
      {plan.endsAt ? ` to ${whenLabel(plan.endsAt, tz)}` : ''}
      {plan.startsAt && (
        <button type="button" className="link" onClick={() => onGoTo(dayKeyOf(plan.startsAt!, tz))}>
          Go to its first day
        </button>
      )}
    </p>
  );
}

/** Drafts with no time are not on the calendar: say how many, with a way to them. */
export function UnscheduledNote({ count, onShow }: { count: number; onShow(): void }) {
  if (count <= 0) return null;
  return (
    <p className="muted" data-testid="calendar-unscheduled">
      {count} {count === 1 ? 'draft has' : 'drafts have'} no time yet.{' '}
      <button type="button" className="link" onClick={onShow}>
        Show posts
      </button>
    </p>
  );
}
