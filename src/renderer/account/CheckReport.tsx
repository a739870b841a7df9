import type { CheckLine, ConnectionCheckResult } from '../../shared/connection-check';
import { glyph, outcomeWords, sections, statusText, tally } from './check-format';

function CheckItem({ line }: { line: CheckLine }) {
  const status = statusText(line);
  return (
    <li data-testid={`check-${line.id}`} data-outcome={line.outcome}>
      <div className="row">
        <span aria-hidden="true" className={line.outcome === 'fail' ? 'error' : undefined}>
          {glyph(line.outcome)}
        </span>
        <span className="sr-only">{outcomeWords(line.outcome)}:</span>
        <strong>{line.label}</strong>
        {status && <span className="mono">{status}</span>}
        {line.request && <span className="mono muted">{line.request}</span>}
      </div>
      <p>{line.summary}</p>
      {line.serverWords && <p>The platform said: “{line.serverWords}”</p>}
      {line.field && (
        <p>
          <strong>Profile field to change:</strong> <code className="mono">{line.field}</code>
        </p>
      )}
      {line.hint && <p className="muted">{line.hint}</p>}
      {line.raw && (
        <details>
          <summary>Raw answer</summary>
          <pre className="mono fields-dump">{line.raw}</pre>
        </details>
      )}
    </li>
  );
}

/** The checklist: one line per element of the profile, with what to change when one fails. */
export function CheckReport({ result }: { result: ConnectionCheckResult }) {
  return (
    <section aria-label="Connection check result" data-testid="connection-check">
      <p role="status">
        {tally(result)} · {result.profile.name}
        {result.baseUrl ? ` at ${result.baseUrl}` : ''}
        {result.ranJobs ? ' · one real job per operation was run' : ''}
      </p>
      {result.diagnosis && (
        <p className="warning" role="alert">
          {result.diagnosis.message}
          {result.diagnosis.field && (
            <>
              {' '}
              Change <code className="mono">{result.diagnosis.field}</code> in the profile.
            </>
          )}
        </p>
      )}
      {sections(result.lines).map((s) => (
        <div key={s.section}>
          <h3>{s.title}</h3>
          <ul className="plain">
            {s.lines.map((l) => (
              <CheckItem key={l.id} line={l} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
