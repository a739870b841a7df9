import type { QueueItemView } from '../../shared/planner';
import { useSortableRow } from '../ai/SortableList';
import { AssetThumbById } from './AssetThumbById';
import { whenLabel } from './local-time';

const sourceNouns = { assets: 'Asset', creatives: 'Creative', posts: 'Post' } as const;

/** How a queued item is called in buttons' names and what screen readers hear. */
export const queueItemName = (item: QueueItemView | undefined) =>
  item ? `${sourceNouns[item.source.group]} “${item.source.label}”` : 'Item';

interface Props {
  item: QueueItemView;
  tz: string;
  canUp: boolean;
  canDown: boolean;
  busy: boolean;
  highlighted: boolean;
  onMove(dir: 'up' | 'down'): void;
  onRemove(): void;
}

/** One queued item: its place, what it is, its picture, and moving (buttons or drag) or removing it. */
export function MediaQueueRow({ item, tz, canUp, canDown, busy, highlighted, onMove, onRemove }: Props) {
  const name = queueItemName(item);
  // Dragged with the pointer to another place; the buttons below do the same for the keyboard.
  const row = useSortableRow(item.id, !busy);
  return (
    <li
      ref={row.ref}
      style={row.style}
      {...row.listeners}
      className={`queue-row mq-row${highlighted ? ' is-selected' : ''}${row.dragging ? ' is-dragging' : ''}`}
      data-testid={`queue-item-${item.id}`}
      data-position={item.position}
    >
      <span className="mq-position">
        <span className="sr-only">Position </span>
        {item.position}
      </span>
      <span className="mq-thumb">
        <AssetThumbById id={item.assetId} />
      </span>
      <div className="mq-body">
        <strong className="mq-label">{item.source.label || 'Untitled'}</strong>
        <span className="muted mq-meta">
          {sourceNouns[item.source.group]}
          {item.scheduledAt ? ` · ${whenLabel(item.scheduledAt, tz)}` : ''}
          {item.note ? ` · ${item.note}` : ''}
        </span>
        {item.waiting && (
          <span className="warning mq-waiting" data-testid={`queue-waiting-${item.id}`}>
            Waiting for the platform’s specification: {item.waiting}
          </span>
        )}
      </div>
      <div className="row queue-actions mq-actions">
        <button
          type="button"
          className="lib-small"
          data-testid={`queue-up-${item.id}`}
          data-focus-key={`${item.id}:up`}
          aria-label={`Move up: ${name}`}
          disabled={!canUp}
          onClick={() => onMove('up')}
        >
          ↑ Up
        </button>
        <button
          type="button"
          className="lib-small"
          data-testid={`queue-down-${item.id}`}
          data-focus-key={`${item.id}:down`}
          aria-label={`Move down: ${name}`}
          disabled={!canDown}
          onClick={() => onMove('down')}
        >
          ↓ Down
        </button>
        <button
          type="button"
          className="lib-small danger"
          data-testid={`queue-remove-${item.id}`}
          aria-label={`Remove ${name} from the queue`}
          disabled={busy}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
