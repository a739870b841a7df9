import type { PostAiRequestView } from '../../../shared/post-ai';
import type { PostTarget } from '../../../shared/targets';
import { useChannel } from '../../backend/context';
import { requestWords } from './post-ai-view';

function Request({
  request,
  targets,
  onCaption,
}: {
  request: PostAiRequestView;
  targets: readonly PostTarget[];
  onCaption(request: PostAiRequestView, action: 'replace' | 'append' | 'dismiss'): void;
}) {
  const media = useChannel(
    'library.get',
    { id: request.assetId ?? '' },
    { enabled: request.assetId !== null, staleTime: 30_000 },
  );
  const words = requestWords(request, targets, () => media.data?.name ?? 'a media');
  return (
    <li className={`post-ai-request is-${request.state}`} data-testid={`post-ai-${request.id}`}>
      <span className={request.state === 'failed' ? 'field-error' : undefined}>{words}</span>
      {request.state === 'offered' && (
        <>
          <blockquote className="post-ai-caption">{request.text}</blockquote>
          <span className="row">
            <button type="button" className="lib-small" onClick={() => onCaption(request, 'replace')}>
              Replace the text
            </button>
            <button type="button" className="lib-small" onClick={() => onCaption(request, 'append')}>
              Append to the text
            </button>
            <button type="button" className="lib-small" onClick={() => onCaption(request, 'dismiss')}>
              Dismiss
            </button>
          </span>
        </>
      )}
    </li>
  );
}

/** The post's AI requests, newest first: waiting, attached, offered (a caption to take) or failed, in words. */
export function PostAiRequests({
  requests,
  targets,
  onCaption,
}: {
  requests: readonly PostAiRequestView[];
  targets: readonly PostTarget[];
  onCaption(request: PostAiRequestView, action: 'replace' | 'append' | 'dismiss'): void;
}) {
  if (requests.length === 0) return null;
  return (
    <ul className="plain post-ai-requests" aria-label="AI requests for this post" aria-live="polite">
      {requests.slice(0, 10).map((r) => (
        <Request key={r.id} request={r} targets={targets} onCaption={onCaption} />
      ))}
    </ul>
  );
}
