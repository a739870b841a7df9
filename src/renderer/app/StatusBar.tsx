import { AiStatusItem } from '../ai/AiStatusItem';
import { useChannel } from '../backend/context';
import { SyncStatusItem } from '../sync/SyncStatusItem';

/** Always-visible summary: platform connection, sync, AI jobs, local data, and the host. */
export function StatusBar({ onOpenSync, onOpenStudio }: { onOpenSync?: () => void; onOpenStudio?: () => void }) {
  const info = useChannel('app.info', {});
  const session = useChannel('session.get', {});
  const connection = useChannel('connection.get', {});
  const s = session.data;
  const where = connection.data?.profile.name ?? '';
  const label = !s
    ? 'Connecting…'
    : s.state === 'active'
      ? `${where} · ${s.mode === 'apiKey' ? 'API key' : `signed in as ${s.userLabel ?? 'you'}`}`
      : s.state === 'needs_sign_in'
        ? `${where} · session ended, sign in again`
        : s.state === 'api_key_expired' || s.state === 'api_key_denied'
          ? `${where} · API key must be replaced`
          : `${where} · not signed in`;
  const offline = connection.data?.reachable === 'offline';
  const tone = offline
    ? 'dot-warn'
    : s?.state === 'active'
      ? 'dot-on'
      : s && s.state !== 'signed_out'
        ? 'dot-warn'
        : 'dot-off';
  return (
    <footer className="status-bar" aria-label="Status">
      <span className="status-item" role="status" data-testid="connection-state">
        <span className={`dot ${tone}`} aria-hidden="true" />{' '}
        {offline ? `${where} · offline, your work is kept and waits` : label}
      </span>
      <SyncStatusItem onOpen={onOpenSync} />
      <AiStatusItem onOpen={onOpenStudio} />
      <span className="status-item" data-testid="local-state">
        {info.isError
          ? `Local data: ${info.error.message}`
          : info.data
            ? `Local data ready · schema ${info.data.database.schemaVersion}`
            : 'Opening local data…'}
      </span>
      <span className="status-spacer" />
      {info.data && (
        <span className="status-item">
          {info.data.host === 'web' ? 'Browser mode' : 'Desktop'} · v{info.data.version}
        </span>
      )}
    </footer>
  );
}
