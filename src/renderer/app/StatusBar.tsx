import { useChannel } from '../backend/context';

/** Always-visible summary: platform connection, local data, and the host. */
export function StatusBar() {
  const info = useChannel('app.info', {});
  return (
    <footer className="status-bar" role="status" aria-live="polite">
      <span className="status-item" data-testid="connection-state">
        <span className="dot dot-off" aria-hidden="true" /> Not connected to the platform
      </span>
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
