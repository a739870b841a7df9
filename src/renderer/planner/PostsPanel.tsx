import { useMemo, useState } from 'react';
import { QueryError } from '../sync/QueryError';
import { planOf, postOf } from './fields';
import { noPostFilter, type PostFilter } from './post-filter';
import { PostEditor } from './PostEditor';
import { PostList } from './PostList';
import type { OpenRequest } from './tabs';
import { useKnownChannels } from './use-known-channels';
import { NEW, useListEditor } from './use-list-editor';
import { useRecords } from './use-records';
import { useZone } from './use-zone';

/** D1: the posts list with search and filters, and the editor of the chosen one. */
export function PostsPanel({ request }: { request: OpenRequest | null }) {
  const { tz } = useZone();
  const le = useListEditor('posts', request);
  const plans = useRecords('contentPlans');
  const channels = useKnownChannels(tz);
  const [filter, setFilter] = useState<PostFilter>(noPostFilter);
  const views = useMemo(() => le.records.map(postOf), [le.records]);
  const planViews = useMemo(() => (plans.data?.items ?? []).map(planOf), [plans.data]);

  return (
    <div className="planner-split">
      <PostList
        posts={views}
        channels={channels}
        filter={filter}
        selected={le.selected}
        tz={tz}
        onFilter={setFilter}
        onSelect={le.select}
        onNew={() => le.select(NEW)}
      />
      <div className="planner-detail">
        <QueryError error={le.list.error ?? plans.error} />
        {le.isNew || le.record ? (
          <PostEditor
            key={le.editorKey}
            focusText={le.isNew && request?.id === NEW ? request.seq : undefined}
            record={le.record}
            plans={planViews}
            channels={channels}
            tz={tz}
            notice={le.notice}
            onSaved={le.saved}
            onDeleted={le.deleted}
          />
        ) : (
          <p className="card muted planner-hint">
            {le.missing ? 'This post no longer exists.' : 'Choose a post to edit it, or write a new one.'}
          </p>
        )}
      </div>
    </div>
  );
}
