import type { AssetDetail } from '../../shared/library';
import { CopyButton } from './CopyButton';
import { formatBytes, formatDateTime, formatDuration, kindLabels, syncLabels } from './format';

/** The asset's metadata as a definition list. */
export function AssetFacts({ asset: a }: { asset: AssetDetail }) {
  return (
    <dl className="facts detail-facts">
      <dt>Type</dt>
      <dd>{kindLabels[a.kind]}</dd>
      <dt>MIME type</dt>
      <dd className="mono">{a.mimeType ?? '—'}</dd>
      <dt>Size</dt>
      <dd title={a.sizeBytes === null ? undefined : `${a.sizeBytes.toLocaleString()} bytes`}>
        {formatBytes(a.sizeBytes)}
      </dd>
      {a.width !== null && a.height !== null && (
        <>
          <dt>Dimensions</dt>
          <dd>
            {a.width} × {a.height} px
          </dd>
        </>
      )}
      {a.durationMs !== null && (
        <>
          <dt>Duration</dt>
          <dd>{formatDuration(a.durationMs)}</dd>
        </>
      )}
      <dt>SHA-256</dt>
      <dd>
        {a.sha256 ? (
          <span className="sha-row">
            <span className="mono" title={a.sha256}>
              {a.sha256.slice(0, 12)}…
            </span>
            <CopyButton text={a.sha256} label="Copy the full SHA-256" />
          </span>
        ) : (
          '—'
        )}
      </dd>
      <dt>File</dt>
      <dd>{a.hasFile ? 'On this computer' : 'Not on this computer'}</dd>
      <dt>Added</dt>
      <dd>{formatDateTime(a.createdAt)}</dd>
      <dt>Changed</dt>
      <dd>{formatDateTime(a.updatedAt)}</dd>
      {a.trashedAt && (
        <>
          <dt>In the trash since</dt>
          <dd>{formatDateTime(a.trashedAt)}</dd>
        </>
      )}
      <dt>Sync</dt>
      <dd>
        <span className={`lib-sync lib-sync-${a.syncState}`}>{syncLabels[a.syncState].short}</span>{' '}
        {syncLabels[a.syncState].long}
      </dd>
    </dl>
  );
}
