import { useId } from 'react';
import { useSearchTask } from '../app/use-task';
import { postStatuses } from '../../shared/records';
import { excerpt, type PostStatus, type PostView } from './fields';
import { ItemList } from './ItemList';
import { whenLabel } from './local-time';
import { filterPosts, statusLabels, type PostFilter } from './post-filter';

interface Props {
  posts: readonly PostView[];
  channels: readonly string[];
  filter: PostFilter;
  selected: string | null;
  tz: string;
  onFilter(f: PostFilter): void;
  onSelect(id: string): void;
  onNew(): void;
}

/** The status and channel filters. */
function StatusAndChannel({ channels, filter, onFilter }: Pick<Props, 'channels' | 'filter' | 'onFilter'>) {
  return (
    <>
      <label className="planner-inline">
        Status
        <select
          className="library-select"
          value={filter.status}
          onChange={(e) => onFilter({ ...filter, status: e.target.value as PostStatus | '' })}
        >
          <option value="">Any</option>
          {postStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="planner-inline">
        Channel
        <select
          className="library-select"
          value={filter.channel}
          onChange={(e) => onFilter({ ...filter, channel: e.target.value })}
        >
          <option value="">Any</option>
          {channels.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** Posts with search, status and channel filters, and "New post". */
export function PostList({ posts, channels, filter, selected, tz, onFilter, onSelect, onNew }: Props) {
  const id = useId();
  const search = useSearchTask();
  const shown = filterPosts(posts, filter);
  const filtered = filter.text || filter.status || filter.channel;
  return (
    <section className="card planner-list-card" aria-labelledby={`${id}-title`}>
      <div className="planner-list-head">
        <h2 id={`${id}-title`}>Posts</h2>
        <button type="button" className="primary" data-testid="post-new" onClick={onNew}>
          New post
        </button>
      </div>
      <div className="planner-filters">
        <input
          ref={search}
          type="search"
          className="library-search"
          data-testid="posts-search"
          aria-label="Search posts"
          placeholder="Search text and channel…"
          value={filter.text}
          maxLength={500}
          onChange={(e) => onFilter({ ...filter, text: e.target.value })}
        />
        <StatusAndChannel channels={channels} filter={filter} onFilter={onFilter} />
      </div>
      <p className="muted planner-count" role="status">
        {filtered
          ? `${shown.length} of ${posts.length} posts`
          : `${posts.length} ${posts.length === 1 ? 'post' : 'posts'}`}
      </p>
      <ItemList
        label="Posts"
        items={shown.map((p) => ({
          id: p.id,
          label: excerpt(p.text) || '(no text yet)',
          meta: [p.channels.join(', '), whenLabel(p.scheduledAt, tz)].filter(Boolean).join(' · '),
          badge: <span className={`planner-status status-${p.status}`}>{statusLabels[p.status]}</span>,
        }))}
        selected={selected}
        testId={(pid) => `post-row-${pid}`}
        empty={filtered ? 'No post matches these filters.' : 'No posts yet. Write one with “New post”.'}
        onSelect={onSelect}
      />
    </section>
  );
}
