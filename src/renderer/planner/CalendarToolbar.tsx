import type { PlanView } from './fields';
import { calendarModes, type CalendarMode } from './calendar-layout';

const modeLabels: Record<CalendarMode, string> = { month: 'Month', week: 'Week', agenda: 'Agenda' };

interface Props {
  mode: CalendarMode;
  title: string;
  tz: string;
  plans: readonly PlanView[];
  planId: string;
  channels: readonly string[];
  channel: string;
  onMode(m: CalendarMode): void;
  onStep(dir: -1 | 1): void;
  onToday(): void;
  onPlan(id: string): void;
  onChannel(c: string): void;
  onNewPlan(): void;
}

/** The view (month, week, agenda) and the buttons that page through it. */
function ViewAndPage({ mode, onMode, onStep, onToday }: Pick<Props, 'mode' | 'onMode' | 'onStep' | 'onToday'>) {
  return (
    <>
      <div className="lib-segmented" role="group" aria-label="Calendar view">
        {calendarModes.map((m) => (
          <button
            key={m}
            type="button"
            data-testid={`calendar-view-${m}`}
            aria-pressed={m === mode}
            onClick={() => onMode(m)}
          >
            {modeLabels[m]}
          </button>
        ))}
      </div>
      <div className="row cal-nav" role="group" aria-label="Move through the calendar">
        <button
          type="button"
          data-testid="calendar-prev"
          aria-label={`Previous ${mode === 'agenda' ? 'days' : mode}`}
          onClick={() => onStep(-1)}
        >
          ‹
        </button>
        <button type="button" data-testid="calendar-today" onClick={onToday}>
          Today
        </button>
        <button
          type="button"
          data-testid="calendar-next"
          aria-label={`Next ${mode === 'agenda' ? 'days' : mode}`}
          onClick={() => onStep(1)}
        >
          ›
        </button>
      </div>
    </>
  );
}

/** The calendar's view, page, filters and "New plan". */
export function CalendarToolbar({
  mode,
  title,
  tz,
  plans,
  planId,
  channels,
  channel,
  onMode,
  onStep,
  onToday,
  onPlan,
  onChannel,
  onNewPlan,
}: Props) {
  return (
    <div className="cal-toolbar">
      <ViewAndPage mode={mode} onMode={onMode} onStep={onStep} onToday={onToday} />
      <h2 className="cal-title" aria-live="polite" data-testid="calendar-title">
        {title}
      </h2>
      <span className="muted cal-zone" data-testid="calendar-zone">
        Times in {tz}
      </span>
      <span className="toolbar-spacer" />
      <label className="planner-inline">
        Plan
        <select
          className="library-select"
          data-testid="plan-filter"
          value={planId}
          onChange={(e) => onPlan(e.target.value)}
        >
          <option value="">All plans</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <label className="planner-inline">
        Channel
        <select
          className="library-select"
          data-testid="channel-filter"
          value={channel}
          onChange={(e) => onChannel(e.target.value)}
        >
          <option value="">All channels</option>
          {channels.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <button type="button" data-testid="new-plan" onClick={onNewPlan}>
        New plan
      </button>
    </div>
  );
}
