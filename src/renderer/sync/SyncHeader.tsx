import type { SectionId } from '../app/sections';
import type { SyncStatus } from '../../shared/sync';
import { QueryError } from './QueryError';
import { plural } from './format';
import { SyncProgress } from './SyncProgress';
import { Time } from './Time';
import { useNow, useSyncAction } from './use-sync';

const onlineWords: Record<SyncStatus['online'], { glyph: string; text: string }> = {
  online: { glyph: '✓', text: 'Online — the platform answers' },
  offline: { glyph: '✕', text: 'Offline — the platform cannot be reached' },
  unknown: { glyph: '?', text: 'Checking the connection…' },
};

const phaseWords: Record<Exclude<SyncStatus['phase'], 'idle'>, string> = {
  syncing: 'Syncing',
  offline: 'Waiting for the platform',
  paused_auth: 'Paused until you sign in',
  paused_user: 'Paused by you',
  no_account: 'Not syncing',
};

function phaseWord(s: SyncStatus): string {
  if (s.phase !== 'idle') return phaseWords[s.phase];
  if (s.totals.failed + s.totals.conflicts > 0 || s.groups.some((g) => g.massDelete)) return 'Needs your attention';
  return s.totals.pending > 0 ? 'Changes waiting' : 'Up to date';
}

/** What the phase means for the user, when the core did not say it in its own words. */
function explain(s: SyncStatus): string {
  const { pending, failed, conflicts } = s.totals;
  switch (s.phase) {
    case 'idle':
      if (failed + conflicts > 0 || s.groups.some((g) => g.massDelete))
        return 'Some changes need your attention below.';
      if (pending > 0) {
        const [waits, them] = pending === 1 ? ['waits', 'it'] : ['wait', 'them'];
        return `${plural(pending, 'change')} ${waits} here until the platform can take ${them}.`;
      }
      return 'Everything on this computer is on the platform too.';
    case 'syncing':
      return 'Sending your changes and fetching the platform’s.';
    case 'offline':
      return 'The platform cannot be reached.';
    case 'paused_auth':
      return 'Sign in to sync; your changes are kept on this computer.';
    case 'paused_user':
      return 'Sync is paused.';
    case 'no_account':
      return 'Connect an account or try the sandbox in Settings to sync.';
  }
}

/** A follow-up line that says nothing is lost, where it matters. */
function reassure(s: SyncStatus): string | null {
  if (s.phase === 'offline') return 'Your changes are kept and will be sent when the platform answers.';
  if (s.phase === 'paused_user') return 'Your changes are kept and wait until you resume.';
  return null;
}

/** Online state, why sync waits, when it last ran and will run again, progress, and the controls. */
export function SyncHeader({ status, go }: { status: SyncStatus; go?: ((id: SectionId) => void) | undefined }) {
  const fast = status.phase === 'offline' || status.phase === 'syncing';
  const now = useNow(fast ? 5_000 : 15_000);
  const syncNow = useSyncAction('sync.now');
  const setPaused = useSyncAction('sync.setPaused');
  const paused = status.phase === 'paused_user';
  const online = onlineWords[status.online];
  const message = status.message ?? explain(status);
  const extra = reassure(status);
  const needsSettings = status.phase === 'paused_auth' || status.phase === 'no_account';
  const settingsLabel =
    status.phase === 'paused_auth' && (!status.message || /sign in/i.test(status.message))
      ? 'Sign in'
      : 'Go to Settings';
  const prominent = status.phase === 'paused_auth' || status.phase === 'offline';
  const next = status.nextAttemptAt && Date.parse(status.nextAttemptAt) > now ? status.nextAttemptAt : null;
  return (
    <section className="card sync-header" aria-labelledby="sync-state-title">
      <h2 id="sync-state-title">State</h2>
      <div className="sync-badges">
        <span className={`sync-badge sync-online-${status.online}`} data-testid="sync-online">
          <span className="sync-glyph" aria-hidden="true">
            {online.glyph}
          </span>
          {online.text}
        </span>
        <span className="sync-badge" data-testid="sync-phase">
          {phaseWord(status)}
        </span>
      </div>
      <div className={prominent ? 'warning sync-message' : 'sync-message'} role="status" data-testid="sync-message">
        <strong>{message}</strong>
        {extra && <span> {extra}</span>}
        {needsSettings && go && (
          <>
            {' '}
            <button type="button" className="link" onClick={() => go('settings')}>
              {settingsLabel}
            </button>
          </>
        )}
      </div>
      <dl className="facts sync-times">
        <dt>Last sync</dt>
        <dd data-testid="sync-last">{status.lastSyncAt ? <Time iso={status.lastSyncAt} now={now} /> : 'Not yet'}</dd>
        {next && (status.phase === 'offline' || status.totals.pending > 0) && (
          <>
            <dt>{status.phase === 'offline' ? 'Next try' : 'Next attempt'}</dt>
            <dd data-testid="sync-next">
              <Time iso={next} now={now} kind="future" />
            </dd>
          </>
        )}
      </dl>
      {status.progress && <SyncProgress done={status.progress.done} total={status.progress.total} />}
      <div className="row">
        <button
          type="button"
          className="primary"
          onClick={() => syncNow.mutate({})}
          disabled={syncNow.isPending || paused || status.phase === 'no_account'}
        >
          {syncNow.isPending ? 'Starting…' : 'Sync now'}
        </button>
        <button type="button" onClick={() => setPaused.mutate({ paused: !paused })} disabled={setPaused.isPending}>
          {paused ? 'Resume sync' : 'Pause sync'}
        </button>
      </div>
      <QueryError error={syncNow.error ?? setPaused.error} />
    </section>
  );
}
