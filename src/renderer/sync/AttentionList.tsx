import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBackend, useChannel } from '../backend/context';
import { whenLabel } from '../planner/local-time';
import { useZone } from '../planner/use-zone';
import { ATTENTION_DAYS, attentionRange, postsNeedingAttention, type AttentionPost } from './attention';
import { plural } from './format';
import { QueryError } from './QueryError';

interface Props {
  now: number;
  /** Open the post in the planner's composer; absent, the list only tells. */
  onOpenPost?: ((id: string) => void) | undefined;
}

/** Refresh the list when posts, media or channels change (a fix or an edit clears a warning). */
function useFreshCalendar(): void {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: ['planner.calendar'] });
    const offRecords = api.on('records.changed', (c) => {
      if (c.group === 'posts' || c.group === 'assets') refresh();
    });
    const offChannels = api.on('channels.changed', refresh);
    return () => {
      offRecords();
      offChannels();
    };
  }, [api, client]);
}

function AttentionItem({ post, tz, onOpenPost }: { post: AttentionPost; tz: string; onOpenPost: Props['onOpenPost'] }) {
  const titleId = `attention-${post.id}-title`;
  return (
    <li className="sync-item" data-testid={`attention-${post.id}`}>
      <div className="sync-item-head">
        <h3 id={titleId}>{post.title}</h3>
        <span className="muted">
          {whenLabel(post.at, tz)} · {post.channels.length > 0 ? post.channels.join(', ') : 'no channel'}
        </span>
      </div>
      <ul className="attention-warnings">
        {post.warnings.map((w, i) => (
          <li key={i}>
            <span aria-hidden="true">⚠ </span>
            {w}
          </li>
        ))}
      </ul>
      {onOpenPost && (
        <div className="row">
          <button type="button" aria-describedby={titleId} onClick={() => onOpenPost(post.id)}>
            Open in the composer
          </button>
        </div>
      )}
    </li>
  );
}

/** Scheduled and ready posts of the next days whose pre-flight checks fail, each in words with a way to it. */
export function AttentionList({ now, onOpenPost }: Props) {
  const { tz } = useZone();
  useFreshCalendar();
  const hour = Math.floor(now / 3_600_000);
  const range = useMemo(() => attentionRange(hour * 3_600_000), [hour]);
  const calendar = useChannel('planner.calendar', { ...range, zone: tz }, { placeholderData: (prev) => prev });
  const posts = useMemo(() => postsNeedingAttention(calendar.data?.items ?? []), [calendar.data]);
  return (
    <section className="card" aria-labelledby="sync-attention-title" data-testid="sync-attention">
      <h2 id="sync-attention-title">Posts that need attention{posts.length > 0 ? ` (${posts.length})` : ''}</h2>
      {calendar.isError && <QueryError error={calendar.error} />}
      {calendar.isPending && <p className="muted">Checking the posts due soon…</p>}
      {calendar.data && posts.length === 0 && (
        <p className="muted">
          No scheduled or ready post of the next {ATTENTION_DAYS} days breaks its channels’ rules.
        </p>
      )}
      {posts.length > 0 && (
        <>
          <p className="muted">
            Due in the next {ATTENTION_DAYS} days: {plural(posts.length, 'post')} with warnings. Open one to fix it in
            the composer.
          </p>
          <ul className="plain sync-list">
            {posts.map((p) => (
              <AttentionItem key={p.id} post={p} tz={tz} onOpenPost={onOpenPost} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
