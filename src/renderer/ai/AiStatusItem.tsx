import { shortcutLabel } from '../app/platform';
import { StatusLink } from '../app/StatusLink';
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
  return (
    <StatusLink
      testId="status-ai"
      className="status-ai"
      tone={tone}
      target={{ href: '#studio', title: `Open the AI Studio (${shortcutLabel('go-studio')})` }}
      onOpen={onOpen}
    >
      <span className="status-ai-glyph" aria-hidden="true" />
      {text}
      {fraction !== null && (
        <progress
          className="status-ai-progress"
          max={1}
          value={fraction}
          aria-label="Progress of the running AI jobs"
        />
      )}
    </StatusLink>
  );
}
