import { useId } from 'react';
import type { AssetView } from '../../../shared/library';
import { AssetThumb } from '../../library/AssetThumb';
import { kindLabels } from '../../library/format';
import { useStoredState } from '../../library/use-stored-state';
import { QueryError } from '../../sync/QueryError';
import { useAssetSearch } from '../asset-search';
import { setAssetDrag, type DraggedAsset } from './asset-drag';

interface Props {
  /** The media chosen for the keyboard path (Enter on a day's + button), if any. */
  picked: DraggedAsset | null;
  onPick(asset: DraggedAsset | null): void;
}

const states = ['open', 'closed'] as const;

function StripItem({ asset, picked, onPick }: { asset: AssetView; picked: boolean; onPick: Props['onPick'] }) {
  return (
    <li>
      <button
        type="button"
        className={`media-strip-item${picked ? ' is-picked' : ''}`}
        data-testid={`media-strip-${asset.id}`}
        draggable
        aria-pressed={picked}
        title={`${asset.name}: drag onto a day, or choose it and press + on a day`}
        onDragStart={(e) => setAssetDrag(e.dataTransfer, { id: asset.id, name: asset.name })}
        onClick={() => onPick(picked ? null : { id: asset.id, name: asset.name })}
      >
        <AssetThumb asset={asset} />
        <span className="media-strip-name">{asset.name}</span>
        <span className="sr-only"> ({kindLabels[asset.kind]})</span>
      </button>
    </li>
  );
}

/** The strip's search and its recent assets, read only while the strip is open. */
function StripBody({ picked, onPick, hintId }: Props & { hintId: string }) {
  const search = useAssetSearch();
  const { items, page, searched } = search;
  return (
    <div className="media-strip-body">
      <p id={hintId} className="muted">
        Drag a media onto a day to make a draft with it there; or choose one, then press Enter on a day’s + button.
      </p>
      <label className="media-strip-search">
        <span>Search media</span>
        <input
          type="search"
          data-testid="media-strip-search"
          placeholder="Names, tags, notes…"
          value={search.text}
          onChange={(e) => search.setText(e.target.value)}
        />
      </label>
      <QueryError error={page.error} />
      {page.data && items.length === 0 && (
        <p className="muted">
          {searched ? 'No media matches.' : 'The library is empty. Import media in the Library first.'}
        </p>
      )}
      <ul className="plain media-strip-list" aria-label="Recent media" aria-describedby={hintId}>
        {items.map((a) => (
          <StripItem key={a.id} asset={a} picked={picked?.id === a.id} onPick={onPick} />
        ))}
      </ul>
    </div>
  );
}

/**
 * The calendar's media strip: recent library media, searchable, each dragged onto a day (or chosen and
 * placed with the keyboard) to make a draft post there. Folded away until opened; it remembers which.
 */
export function MediaStrip({ picked, onPick }: Props) {
  const id = useId();
  const [state, setState] = useStoredState('atelier.planner.mediaStrip', states, 'closed');
  const open = state === 'open';
  return (
    <section
      className="media-strip"
      aria-label="Media"
      data-testid="media-strip"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && picked) {
          e.stopPropagation();
          onPick(null);
        }
      }}
    >
      <div className="row media-strip-head">
        <button
          type="button"
          className="lib-small"
          data-testid="media-strip-toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setState(open ? 'closed' : 'open')}
        >
          {open ? 'Hide media' : 'Media…'}
        </button>
        {picked && (
          <p className="media-strip-picked" role="status" data-testid="media-strip-picked">
            {picked.name} chosen: press Enter on a day’s + button to make a draft with it there.{' '}
            <button type="button" className="link-button" onClick={() => onPick(null)}>
              Let go
            </button>
          </p>
        )}
      </div>
      <div id={`${id}-body`}>{open && <StripBody picked={picked} onPick={onPick} hintId={`${id}-hint`} />}</div>
    </section>
  );
}
