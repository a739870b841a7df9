import type { RestorePreview } from '../../shared/backups';
import { useChannel } from '../backend/context';
import { QueryError } from '../sync/QueryError';
import { absoluteTime } from '../sync/format';
import { changeLines, lossSummary, lostLine } from './backups-format';

const SHOWN = 20;

/** What restoring a backup will lose: changes since it by group and count, and the unsent ones by record. */
export function LossDetails({ preview }: { preview: RestorePreview }) {
  const lines = changeLines(preview.changes);
  return (
    <div data-testid="restore-loss">
      <p>{lossSummary(preview)}</p>
      {lines.length > 0 && (
        <>
          <p className="muted">
            Changed since {absoluteTime(preview.backup.createdAt)} (records the platform already has come back with the
            next sync):
          </p>
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {preview.unsent.length > 0 && (
        <>
          <p className="warning">Never sent to the platform, so lost for good:</p>
          <ul data-testid="restore-unsent">
            {preview.unsent.slice(0, SHOWN).map((c) => (
              <li key={`${c.recordId}-${c.at}-${c.op}`}>{lostLine(c)}</li>
            ))}
            {preview.unsent.length > SHOWN && <li className="muted">…and {preview.unsent.length - SHOWN} more</li>}
          </ul>
        </>
      )}
      {preview.missingMedia > 0 && (
        <p className="muted">
          {preview.missingMedia} media files this backup refers to are no longer on this computer; they will show as
          missing.
        </p>
      )}
    </div>
  );
}

/** The preview of one backup, loaded from the core. */
export function RestoreSummary({ id }: { id: string }) {
  const preview = useChannel('backups.preview', { id });
  if (preview.isError) return <QueryError error={preview.error} />;
  if (!preview.data) return <p className="muted">Looking at what changed since this backup…</p>;
  return <LossDetails preview={preview.data} />;
}
