import type { KeyboardEvent, RefObject } from 'react';
import type { AssetDetail } from '../../shared/library';
import { mediaProvenanceRows } from '../ai/provenance-rows';
import { ProvenanceTable } from '../ai/ProvenanceView';
import { useChannel } from '../backend/context';
import { toAppError } from './app-error';
import { AssetFacts } from './AssetFacts';
import { AssetPreview } from './AssetPreview';
import { AltTextField } from './AltTextField';
import { NotesField } from './NotesField';
import { RenameField } from './RenameField';
import { TagEditor } from './TagEditor';
import { UsageList } from './UsageList';

interface Props {
  id: string | null;
  panelRef: RefObject<HTMLElement | null>;
  busy: boolean;
  onTrash(ids: string[]): void;
  onRestore(ids: string[]): void;
  /** Escape: back to the asset in the grid. */
  onBack(): void;
  onClose(): void;
}

function Body({
  asset,
  busy,
  onTrash,
  onRestore,
}: { asset: AssetDetail } & Pick<Props, 'busy' | 'onTrash' | 'onRestore'>) {
  return (
    <>
      <div className="detail-preview">
        <AssetPreview asset={asset} />
      </div>
      <RenameField asset={asset} />
      <TagEditor asset={asset} />
      <NotesField asset={asset} />
      {(asset.kind === 'image' || asset.kind === 'video') && <AltTextField assetId={asset.id} value={asset.altText} />}
      <AssetFacts asset={asset} />
      {asset.aiText.trim() && (
        <section className="detail-block" aria-labelledby="asset-ai-title">
          <h3 id="asset-ai-title" className="detail-label">
            AI text
          </h3>
          <p className="ai-text">{asset.aiText}</p>
        </section>
      )}
      {asset.provenance && (
        <ProvenanceTable
          rows={mediaProvenanceRows(asset.provenance)}
          value={asset.provenance}
          testId="asset-provenance"
        />
      )}
      <UsageList usage={asset.usage} />
      <details className="detail-block">
        <summary>All stored fields</summary>
        <pre className="mono fields-dump">{JSON.stringify(asset.fields, null, 2)}</pre>
      </details>
      <div className="row">
        {asset.trashedAt ? (
          <button type="button" disabled={busy} onClick={() => onRestore([asset.id])}>
            Restore
          </button>
        ) : (
          <button type="button" className="danger" disabled={busy} onClick={() => onTrash([asset.id])}>
            Move to trash
          </button>
        )}
      </div>
    </>
  );
}

/** The right-hand panel for the focused asset: preview, name, tags, notes, facts and where it is used. */
export function DetailPanel({ id, panelRef, busy, onTrash, onRestore, onBack, onClose }: Props) {
  const detail = useChannel('library.get', { id: id ?? '' }, { enabled: id !== null });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      onBack();
    }
  };
  if (id === null) {
    return (
      <aside className="detail-panel is-empty" aria-label="Asset details" ref={panelRef} tabIndex={-1}>
        <p className="muted">Select an asset to see it larger, rename it, tag it and see where it is used.</p>
      </aside>
    );
  }
  const error = detail.error ? toAppError(detail.error) : null;
  return (
    <aside
      className="detail-panel"
      aria-labelledby="asset-detail-title"
      data-testid="asset-detail"
      ref={panelRef}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="detail-head">
        <h2 id="asset-detail-title">
          <span aria-hidden="true">Details</span>
          <span className="lib-sr-only">{detail.data ? `Details of ${detail.data.name}` : 'Details'}</span>
        </h2>
        <button type="button" className="lib-small" aria-label="Close details" title="Close details" onClick={onClose}>
          ×
        </button>
      </div>
      {error ? (
        <div className="error-note" role="alert">
          <strong>{error.code === 'not_found' ? 'This asset is no longer in the library.' : error.message}</strong>
          {error.code !== 'not_found' && error.hint && <span> {error.hint}</span>}
        </div>
      ) : !detail.data ? (
        <p className="muted">Loading…</p>
      ) : (
        <Body key={detail.data.id} asset={detail.data} busy={busy} onTrash={onTrash} onRestore={onRestore} />
      )}
    </aside>
  );
}
