import { shortcutLabel } from '../app/platform';
import { useChannel } from '../backend/context';
import { aiSummary } from './status';

/** The status bar's AI summary ("AI: 2 running, 3 queued"); a link to the studio when the app can go there. */
export function AiStatusItem({ onOpen }: { onOpen?: (() => void) | undefined }) {
  const queue = useChannel('ai.queue', {});
  if (queue.isError) {
    return (
      <span className="status-item" data-testid="status-ai" title={queue.error.message}>
        AI: unavailable
      </span>
    );
  }
  if (!queue.data) return null;
  const { text, tone, fraction } = aiSummary(queue.data.status);
  const body = (
    <>
      <span className="status-ai-glyph" aria-hidden="true" />
      {text}
      {fraction !== null && <progress className="status-ai-progress" max={1} value={fraction} aria-label="Progress of the running AI jobs" />}
    </>
  );
  if (!onOpen) {
    return (
      <span className="status-item status-ai" data-testid="status-ai" data-tone={tone}>
        {body}
      </span>
    );
  }
  // A link, like the sync item: it goes to the studio rather than acting.
  return (
    <a
      href="#studio"
      className="status-item status-ai"
      data-testid="status-ai"
      data-tone={tone}
      title={`Open the AI Studio (${shortcutLabel('go-studio')})`}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
    >
      {body}
    </a>
  );
}
