import { useId } from 'react';
import type { AiProvenance } from '../../shared/ai';
import { CopyButton } from '../library/CopyButton';

/** Everything that produced the result, as JSON, with a Copy button. */
export function ProvenanceView({ provenance }: { provenance: AiProvenance }) {
  const id = useId();
  const json = JSON.stringify(provenance, null, 2);
  return (
    <section className="detail-block" aria-labelledby={id}>
      <div className="detail-block-head">
        <h3 id={id} className="detail-label">
          Provenance
        </h3>
        <CopyButton text={json} label="Copy the provenance as JSON" />
      </div>
      <pre
        className="mono fields-dump provenance"
        data-testid="ai-provenance"
        tabIndex={0}
        role="region"
        aria-label="Provenance as JSON"
      >
        {json}
      </pre>
    </section>
  );
}
