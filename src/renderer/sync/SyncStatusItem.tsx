import { shortcutLabel } from '../app/platform';
import { StatusLink } from '../app/StatusLink';
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
  return (
    <StatusLink
      testId="status-sync"
      className="status-sync"
      tone={tone}
      target={{ href: '#sync', title: `Open the Sync section (${shortcutLabel('go-sync')})` }}
      onOpen={onOpen}
    >
      <span className="status-sync-glyph" aria-hidden="true" />
      {text}
    </StatusLink>
  );
}
