import type { AiProvenance } from '../../shared/ai';
import type { MediaProvenance } from '../../shared/media-provenance';
import { aiOperations, type AiOperation } from '../../shared/profile';
import { formatDateTime } from '../library/format';
import { formatElapsed } from './format';
import { operationLabels } from './labels';

/** One line of the provenance table: what it is, its value in words, and whether it reads as code. */
export interface ProvenanceRow {
  label: string;
  value: string;
  mono?: boolean;
}

const isOperation = (op: string): op is AiOperation => (aiOperations as readonly string[]).includes(op);
const operationLabel = (op: string) => (isOperation(op) ? operationLabels[op] : op);

/** "steps: 20 · seed: 7", or "None". */
export function paramsText(params: Record<string, unknown>): string {
  const parts = Object.entries(params).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return parts.length ? parts.join(' · ') : 'None';
}

const hashes = (list: readonly string[]) => (list.length ? list.join('\n') : 'None');
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const took = (ms: number | null) => (ms === null ? '—' : formatElapsed(ms));

/** The rows of a job's provenance: operation, model, prompt, parameters, input hashes and times. */
export function aiProvenanceRows(p: AiProvenance): ProvenanceRow[] {
  return [
    { label: 'Operation', value: operationLabel(p.operation) },
    { label: 'Model', value: p.model_id, mono: true },
    { label: 'Prompt', value: p.prompt ?? '—' },
    { label: 'Parameters', value: paramsText(p.parameters), mono: true },
    { label: 'Input hashes (SHA-256)', value: hashes(p.input_sha256), mono: true },
    { label: 'Requested', value: when(p.requested_at) },
    { label: 'Took', value: took(p.duration_ms) },
    { label: 'Platform profile', value: p.profile },
  ];
}

/** The rows of the provenance a file brought in (an exported result imported again). */
export function mediaProvenanceRows(p: MediaProvenance): ProvenanceRow[] {
  return [
    { label: 'Operation', value: operationLabel(p.operation) },
    { label: 'Model', value: p.model, mono: true },
    { label: 'Prompt', value: p.prompt ?? '—' },
    { label: 'Parameters', value: paramsText(p.parameters), mono: true },
    { label: 'Input hashes (SHA-256)', value: hashes(p.inputSha256), mono: true },
    { label: 'Job', value: p.jobId, mono: true },
    { label: 'Requested', value: when(p.requestedAt) },
    { label: 'Finished', value: when(p.finishedAt) },
    { label: 'Took', value: took(p.durationMs) },
  ];
}
