import type { AssetDetail } from '../../shared/library';
import { groupLabels } from './format';

/** Where the asset is used: posts, creatives, queue items… */
export function UsageList({ usage }: { usage: AssetDetail['usage'] }) {
  return (
    <section className="detail-block" aria-labelledby="asset-usage-title">
      <h3 id="asset-usage-title" className="detail-label">
        Used in
      </h3>
      {usage.length === 0 ? (
        <p className="muted">Not used in any post, creative or queue item yet.</p>
      ) : (
        <ul className="usage-list">
          {usage.map((u) => (
            <li key={`${u.group}:${u.id}`}>
              <span className="usage-group">{groupLabels[u.group]}</span> {u.label}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
