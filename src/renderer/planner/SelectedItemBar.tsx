import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { dayKeyOf, type DayKey } from './calendar';
import type { CalendarItem } from '../../shared/planner';
import { warningLines } from './calendar-layout';
import { isDayKey, whenLabel } from './local-time';

interface Props {
  item: CalendarItem;
  tz: string;
  busy: boolean;
  onMove(item: CalendarItem, day: DayKey): void;
  onOpen(item: CalendarItem): void;
  onClose(): void;
}

/** The item's title, time and channel, its close button, and its warnings. */
function SelectedHead({
  titleId,
  item,
  tz,
  onClose,
}: {
  titleId: string;
  item: CalendarItem;
  tz: string;
  onClose(): void;
}) {
  const lines = warningLines(item.warnings);
  return (
    <>
      <div className="cal-selected-head">
        <h3 id={titleId}>
          {item.title || 'Untitled'}{' '}
          <span className="muted">
            · {whenLabel(item.at, tz)}
            {item.channel ? ` · ${item.channel}` : ''}
          </span>
        </h3>
        <button type="button" className="lib-small" aria-label="Close the selected item" onClick={onClose}>
          ×
        </button>
      </div>
      {lines.length > 0 && (
        <ul className="warning cal-warning-list">
          {lines.map((l) => (
            <li key={l}>
              <span aria-hidden="true">⚠ </span>
              {l}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The chosen calendar item: its warnings, "Move to…" another day (the keyboard's way to drag), and open it. */
export function SelectedItemBar({ item, tz, busy, onMove, onOpen, onClose }: Props) {
  const id = useId();
  const dateRef = useRef<HTMLInputElement>(null);
  const [day, setDay] = useState<string>(() => dayKeyOf(item.at, tz));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setDay(dayKeyOf(item.at, tz));
    setProblem(null);
  }, [item.id, item.at, tz]);
  useEffect(() => {
    dateRef.current?.focus();
  }, [item.id]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isDayKey(day)) return setProblem('Choose a date.');
    if (day === dayKeyOf(item.at, tz)) return setProblem('It is already on that day.');
    setProblem(null);
    onMove(item, day);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };
  return (
    <form
      className="cal-selected"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      data-testid="calendar-selected"
    >
      <SelectedHead titleId={`${id}-title`} item={item} tz={tz} onClose={onClose} />
      <div className="row">
        <label htmlFor={`${id}-day`}>Move to…</label>
        <input
          id={`${id}-day`}
          ref={dateRef}
          type="date"
          data-testid="calendar-move-date"
          aria-describedby={`${id}-keep`}
          aria-invalid={problem ? true : undefined}
          value={day}
          onChange={(e) => setDay(e.target.value)}
        />
        <button type="submit" data-testid="calendar-move" disabled={busy}>
          {busy ? 'Moving…' : 'Move'}
        </button>
        <span id={`${id}-keep`} className="field-hint">
          Keeps its time of day.
        </span>
        <button type="button" data-testid="calendar-open" onClick={() => onOpen(item)}>
          {item.group === 'posts' ? 'Edit post' : 'Show in the media queue'}
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
