import { shortcutLabel } from '../app/platform';
import { syncSummary } from './summary';
import { useSyncStatus } from './use-sync';

/** The status bar's sync summary; a link to the Sync section when the app can navigate there. */
export function SyncStatusItem({ onOpen }: { onOpen?: (() => void) | undefined }) {
  const status = useSyncStatus();
  if (status.isError) {
    return (
      <span className="status-item" data-testid="status-sync">
        Sync: {status.error.message}
      </span>
    );
  }
  if (!status.data) return null;
  const { text, tone } = syncSummary(status.data);
  // The glyph is drawn by CSS and hidden from assistive tech: the words carry the meaning.
  const glyph = <span className="status-sync-glyph" aria-hidden="true" />;
  if (!onOpen) {
    return (
      <span className="status-item status-sync" data-testid="status-sync" data-tone={tone}>
        {glyph}
        {text}
      </span>
    );
  }
  // A link, not a button: it goes somewhere (the Sync section) rather than acting, and its words
  // ("Sync paused — sign in") must not be mistaken for the Sync or Sign in buttons.
  return (
    <a
      href="#sync"
      className="status-item status-sync"
      data-testid="status-sync"
      data-tone={tone}
      title={`Open the Sync section (${shortcutLabel('go-sync')})`}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
    >
      {glyph}
      {text}
    </a>
  );
}
