import type { SyncLogEntry } from '../../shared/sync';
import { useChannel } from '../backend/context';
import { groupLabels, levelLabels } from './format';
import { Time } from './Time';
import { QueryError } from './QueryError';

const glyphs: Record<SyncLogEntry['level'], string> = { info: 'ℹ', warn: '⚠', error: '✕' };

/** What sync did, newest first, with each entry's level in words. */
export function ActivityLog({ now }: { now: number }) {
  const log = useChannel('sync.log', { limit: 200 });
  return (
    <section className="card" aria-labelledby="sync-log-title" data-testid="sync-log">
      <h2 id="sync-log-title">Activity</h2>
      {log.isError && <QueryError error={log.error} />}
      {log.data && log.data.length === 0 && <p className="muted">Nothing has happened yet.</p>}
      {log.data && log.data.length > 0 && (
        <ol className="plain sync-log" aria-label="Activity log, newest first">
          {log.data.map((e) => (
            <li key={e.id} className={`sync-log-entry sync-log-${e.level}`} data-level={e.level}>
              <span className="sync-log-level">
                <span aria-hidden="true">{glyphs[e.level]} </span>
                {levelLabels[e.level]}
              </span>
              <span className="sync-log-time">
                <Time iso={e.at} now={now} />
              </span>
              <span className="sync-log-message">
                {e.group && <span className="muted">{groupLabels[e.group]}: </span>}
                {e.message}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
