import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { arrayMove } from '@dnd-kit/sortable';
import type { ChannelOutput } from '../../shared/contract';
import { useChannel } from '../backend/context';
import { AltTextField } from '../library/AltTextField';
import { SortableList, useSortableRow } from '../ai/SortableList';
import { AiResultPicker } from './AiResultPicker';
import { AssetPicker } from './AssetPicker';
import { AssetThumbById, useAssetName } from './AssetThumbById';

/** The "Alt" button of an image or video: "ALT ✓" when it has alt text (its words in the label). */
function AltToggle(p: { name: string; kind: string | undefined; alt: string; open: boolean; onToggle(): void }) {
  if (p.kind !== 'image' && p.kind !== 'video') return null;
  return (
    <button
      type="button"
      className={`lib-small attached-alt${p.alt ? ' has-alt' : ''}`}
      aria-expanded={p.open}
      aria-label={p.alt ? `Alt text of ${p.name}: ${p.alt}` : `Write alt text for ${p.name}`}
      title={p.alt || 'No alt text'}
      onClick={p.onToggle}
    >
      {p.alt ? 'ALT ✓' : 'Alt'}
    </button>
  );
}

function Attached({
  id,
  index,
  count,
  onMove,
  onRemove,
}: {
  id: string;
  index: number;
  count: number;
  onMove(dir: -1 | 1): void;
  onRemove(): void;
}) {
  const name = useAssetName(id);
  const [altOpen, setAltOpen] = useState(false);
  const asset = useChannel('library.get', { id }, { staleTime: 30_000 }).data;
  const alt = asset?.altText ?? '';
  // Dragged with the pointer to another place; the arrow buttons do the same for the keyboard.
  const row = useSortableRow(id, true);
  return (
    <li
      ref={row.ref}
      style={row.style}
      {...row.listeners}
      className={`attached-item${row.dragging ? ' is-dragging' : ''}`}
      data-testid={`attached-${id}`}
    >
      <span className="attached-thumb">
        <AssetThumbById id={id} />
      </span>
      <span className="attached-name" title={name}>
        {name}
      </span>
      <span className="row attached-actions">
        <AltToggle name={name} kind={asset?.kind} alt={alt} open={altOpen} onToggle={() => setAltOpen((o) => !o)} />
        <button
          type="button"
          className="lib-small"
          aria-label={`Move ${name} earlier`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          ←
        </button>
        <button
          type="button"
          className="lib-small"
          aria-label={`Move ${name} later`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          →
        </button>
        <button type="button" className="lib-small" aria-label={`Remove ${name}`} onClick={onRemove}>
          Remove
        </button>
      </span>
      {altOpen && asset && (
        // The drag listeners of the row must not take the field's keys and clicks.
        <div
          className="attached-alt-editor"
          onPointerDown={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <AltTextField assetId={id} value={alt} label={`Alt text of ${name}`} autoFocus />
        </div>
      )}
    </li>
  );
}

/**
 * Media attached to a post or creative: thumbnails in order (arrows or drag to reorder),
 * added from the library or the AI studio's results.
 */
export function AttachedMedia({
  label,
  value,
  onChange,
}: {
  label: string;
  value: readonly string[];
  onChange(ids: string[]): void;
}) {
  const id = useId();
  const [picker, setPicker] = useState<'library' | 'ai' | null>(null);
  const client = useQueryClient();
  // The names the rows already fetched, for what screen readers hear during a drag.
  const nameOf = (assetId: string) =>
    client.getQueryData<ChannelOutput<'library.get'>>(['library.get', { id: assetId }])?.name ?? 'asset';
  const add = (assetId: string) => {
    setPicker(null);
    if (!value.includes(assetId)) onChange([...value, assetId]);
  };
  const move = (i: number, dir: -1 | 1) => {
    const next = [...value];
    const j = i + dir;
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange(next);
  };
  const dropOn = (assetId: string, overId: string) =>
    onChange(arrayMove([...value], value.indexOf(assetId), value.indexOf(overId)));
  return (
    <fieldset
      className="planner-fieldset attached-media"
      aria-describedby={value.length === 0 ? `${id}-hint` : undefined}
    >
      <legend>{label}</legend>
      {value.length === 0 ? (
        <p id={`${id}-hint`} className="muted">
          No media attached.
        </p>
      ) : (
        <SortableList ids={value} nameOf={nameOf} onDrop={dropOn}>
          <ol className="plain attached-list" aria-label={label}>
            {value.map((assetId, i) => (
              <Attached
                key={assetId}
                id={assetId}
                index={i}
                count={value.length}
                onMove={(dir) => move(i, dir)}
                onRemove={() => onChange(value.filter((x) => x !== assetId))}
              />
            ))}
          </ol>
        </SortableList>
      )}
      <div className="row">
        <button type="button" className="lib-small" data-testid="attach-library" onClick={() => setPicker('library')}>
          Add from library…
        </button>
        <button type="button" className="lib-small" data-testid="attach-ai" onClick={() => setPicker('ai')}>
          Add from AI results…
        </button>
      </div>
      {picker === 'library' && (
        <AssetPicker exclude={value} onPick={(a) => add(a.id)} onClose={() => setPicker(null)} />
      )}
      {picker === 'ai' && <AiResultPicker onPick={add} onClose={() => setPicker(null)} />}
    </fieldset>
  );
}
