import { useQueryClient } from '@tanstack/react-query';
import type { AiQueueView } from '../../shared/ai';
import { useMoveFocus } from '../app/use-move-focus';
import { useChannel } from '../backend/context';
import { QueryError } from '../sync/QueryError';
import { QueueControls } from './QueueControls';
import { dropTarget, reorderTarget } from './queue-order';
import { jobName, QueueRow } from './QueueRow';
import { SortableList } from './SortableList';
import { useAiAction } from './use-ai-action';

const orderOf = (q: AiQueueView | undefined) => q?.active.map((j) => j.id).join(' ') ?? '';

/** Moving a waiting job: a step with its buttons, or dropped on another waiting job. */
function useQueueMoves(data: AiQueueView | undefined) {
  const client = useQueryClient();
  const reorder = useAiAction('ai.reorder');
  const keepFocus = useMoveFocus(orderOf(data));
  const queuedIds = data?.active.filter((j) => j.state === 'queued').map((j) => j.id) ?? [];
  const put = (id: string, target: { before: string | null } | undefined, dir?: 'up' | 'down') => {
    // One move at a time (the buttons stay enabled so the keyboard is not thrown off them).
    if (!target || reorder.isPending) return;
    reorder.mutate(
      { id, before: target.before },
      {
        onSuccess: (next: AiQueueView) => {
          client.setQueryData(['ai.queue', {}], next);
          if (dir) keepFocus(id, dir, orderOf(next));
        },
      },
    );
  };
  return {
    reorder,
    queuedIds,
    move: (id: string, dir: 'up' | 'down') => put(id, reorderTarget(queuedIds, id, dir), dir),
    dropOn: (id: string, overId: string) => put(id, dropTarget(queuedIds, id, overId)),
  };
}

/** The job queue: waiting and running jobs in order, the latest finished ones, and its controls. */
export function QueuePanel({ onShow }: { onShow(id: string): void }) {
  const queue = useChannel('ai.queue', {});
  const data = queue.data;
  const { reorder, queuedIds, move, dropOn } = useQueueMoves(data);
  const nameOf = (id: string) => {
    const job = data?.active.find((j) => j.id === id);
    return job ? jobName(job) : 'Job';
  };

  return (
    <section className="card studio-queue" aria-labelledby="ai-queue-title" data-testid="ai-queue">
      <h2 id="ai-queue-title">Queue</h2>
      {queue.isError && <QueryError error={queue.error} />}
      {!data && !queue.isError && <p className="muted">Loading the queue…</p>}
      {data && (
        <>
          <QueueControls status={data.status} />
          {data.status.waiting && data.status.queued > 0 && (
            <p className="warning" data-testid="ai-queue-waiting">
              Waiting: {data.status.waiting}
            </p>
          )}
          {data.active.length === 0 ? (
            <p className="muted">Nothing is waiting or running.</p>
          ) : (
            <SortableList ids={queuedIds} nameOf={nameOf} onDrop={dropOn}>
              <ol className="plain queue-list" aria-label="Waiting and running jobs, in the order they run">
                {data.active.map((job) => {
                  const at = queuedIds.indexOf(job.id);
                  return (
                    <QueueRow
                      key={job.id}
                      job={job}
                      canMove={at < 0 ? undefined : { up: at > 0, down: at < queuedIds.length - 1 }}
                      onMove={(dir) => move(job.id, dir)}
                      onShow={onShow}
                    />
                  );
                })}
              </ol>
            </SortableList>
          )}
          <QueryError error={reorder.error} />
          {data.recent.length > 0 && (
            <>
              <h3 className="queue-recent-title">Recently finished</h3>
              <ul className="plain queue-list" aria-label="Recently finished jobs">
                {data.recent.map((job) => (
                  <QueueRow key={job.id} job={job} onShow={onShow} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
