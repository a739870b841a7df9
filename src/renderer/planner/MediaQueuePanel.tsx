import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueueView } from '../../shared/planner';
import { useMoveFocus } from '../app/use-move-focus';
import { useChannel } from '../backend/context';
import { dropTarget, reorderTarget } from '../ai/queue-order';
import { SortableList } from '../ai/SortableList';
import { QueryError } from '../sync/QueryError';
import { MediaQueueRow, queueItemName } from './MediaQueueRow';
import { QueueAddForm } from './QueueAddForm';
import type { OpenRequest } from './tabs';
import { useSelected } from './use-open-request';
import { usePlannerAction } from './use-records';
import { useZone } from './use-zone';

const orderOf = (q: QueueView | undefined) => q?.items.map((i) => i.id).join(' ') ?? '';

/** Moving items (a step with the buttons, or dropped on another row) and removing them. */
function useQueueChanges(data: QueueView | undefined) {
  const client = useQueryClient();
  const move = usePlannerAction('planner.queueMove');
  const remove = usePlannerAction('planner.queueRemove');
  const keepFocus = useMoveFocus(orderOf(data));
  const ids = data?.items.map((i) => i.id) ?? [];
  const put = (id: string, target: { before: string | null } | undefined, dir?: 'up' | 'down') => {
    // One move at a time (the buttons stay enabled so the keyboard is not thrown off them).
    if (!target || move.isPending) return;
    move.mutate(
      { id, before: target.before },
      {
        onSuccess: (next) => {
          client.setQueryData(['planner.queue', {}], next);
          if (dir) keepFocus(id, dir, orderOf(next));
        },
      },
    );
  };
  const drop = (id: string) =>
    remove.mutate(
      { id },
      {
        onSuccess: (next) => {
          client.setQueryData(['planner.queue', {}], next);
          document.querySelector<HTMLElement>('[data-testid="queue-list"]')?.focus();
        },
      },
    );
  return {
    ids,
    move,
    remove,
    drop,
    step: (id: string, dir: 'up' | 'down') => put(id, reorderTarget(ids, id, dir), dir),
    dropOn: (id: string, overId: string) => put(id, dropTarget(ids, id, overId)),
  };
}

/** D5: the media queue in order; move items (buttons or drag), remove them, add assets, creatives or posts. */
export function MediaQueuePanel({ request }: { request: OpenRequest | null }) {
  const { tz } = useZone();
  const queue = useChannel('planner.queue', {});
  const [highlight, setHighlight] = useState<string | null>(null);
  const [opened] = useSelected(request);
  const data = queue.data;
  const { ids, move, remove, drop, step, dropOn } = useQueueChanges(data);
  const nameOf = (id: string) => queueItemName(data?.items.find((i) => i.id === id));

  useEffect(() => {
    if (opened)
      document
        .querySelector<HTMLElement>(`[data-testid="queue-item-${CSS.escape(opened)}"]`)
        ?.scrollIntoView({ block: 'nearest' });
  }, [opened, data]);

  return (
    <div className="planner-split mq">
      <section className="card mq-list-card" aria-labelledby="mq-title">
        <h2 id="mq-title">Media queue</h2>
        <QueryError error={queue.error ?? move.error ?? remove.error} />
        {!data && !queue.isError && <p className="muted">Loading the queue…</p>}
        {data && data.items.length === 0 && (
          <p className="muted planner-empty">The queue is empty. Add an asset, a creative or a post.</p>
        )}
        {data && data.items.length > 0 && (
          <SortableList ids={ids} nameOf={nameOf} onDrop={dropOn}>
            <ol
              className="plain queue-list mq-list"
              aria-label="Media queue, in order"
              data-testid="queue-list"
              tabIndex={-1}
            >
              {data.items.map((item, i) => (
                <MediaQueueRow
                  key={item.id}
                  item={item}
                  tz={tz}
                  canUp={i > 0}
                  canDown={i < data.items.length - 1}
                  busy={move.isPending || remove.isPending}
                  highlighted={item.id === highlight || item.id === opened}
                  onMove={(dir) => step(item.id, dir)}
                  onRemove={() => drop(item.id)}
                />
              ))}
            </ol>
          </SortableList>
        )}
      </section>
      <QueueAddForm tz={tz} onAdded={setHighlight} />
    </div>
  );
}
