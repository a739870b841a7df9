import { useEffect, useId, useState } from 'react';
import type { AiProvenance } from '../../shared/ai';
import { aiProvenanceRows, type ProvenanceRow } from './provenance-rows';

/** "Copy JSON": the whole provenance, pretty, to the clipboard; a line says whether it worked. */
function CopyJson({ json }: { json: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="lib-small" data-testid="provenance-copy" onClick={() => void copy()}>
        Copy JSON
      </button>
      <span className={state === 'failed' ? 'field-error' : 'field-hint'} role="status">
        {state === 'copied'
          ? 'The provenance was copied as JSON.'
          : state === 'failed'
            ? 'Could not copy: the clipboard refused it.'
            : ''}
      </span>
    </>
  );
}

/** Provenance as a readable table (operation, model, prompt, parameters, input hashes, times), with Copy JSON. */
export function ProvenanceTable({ rows, value, testId }: { rows: ProvenanceRow[]; value: unknown; testId: string }) {
  const id = useId();
  return (
    <section className="detail-block" aria-labelledby={id}>
      <div className="detail-block-head">
        <h3 id={id} className="detail-label">
          Provenance
        </h3>
        <CopyJson json={JSON.stringify(value, null, 2)} />
      </div>
      <table className="provenance-table" data-testid={testId} aria-labelledby={id}>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td className={r.mono ? 'mono' : undefined}>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A job's provenance: the table, and the whole record (request and answer included) as JSON to copy. */
export function ProvenanceView({ provenance }: { provenance: AiProvenance }) {
  return <ProvenanceTable rows={aiProvenanceRows(provenance)} value={provenance} testId="ai-provenance" />;
}
