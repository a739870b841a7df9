import type { CalendarItem } from '../../shared/planner';
import { warningLines } from './calendar-layout';
import { whenLabel } from './local-time';

/** What a move did: where the item went and, visibly, the warnings it now has. */
export function ScheduleNotice({
  moved,
  tz,
  onDismiss,
}: {
  moved: CalendarItem | null;
  tz: string;
  onDismiss(): void;
}) {
  return (
    <div role="status" aria-live="polite" className="cal-notice-region">
      {moved && (
        <div
          className={moved.warnings.length ? 'warning cal-notice' : 'lib-notice cal-notice'}
          data-testid={moved.warnings.length ? 'schedule-warning' : 'schedule-moved'}
        >
          <p>
            {moved.warnings.length > 0 && <span aria-hidden="true">⚠ </span>}
            Moved “{moved.title || 'Untitled'}” to {whenLabel(moved.at, tz)}
            {moved.warnings.length ? ', but:' : '.'}
          </p>
          {moved.warnings.length > 0 && (
            <ul className="cal-warning-list">
              {warningLines(moved.warnings).map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          )}
          <button type="button" className="lib-small" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
