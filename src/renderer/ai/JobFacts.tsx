import type { AiJobDetail } from '../../shared/ai';
import { formatBytes, formatDateTime } from '../library/format';
import { formatElapsed } from './format';
import { operationLabels } from './labels';

/** What the job was: operation, model, prompt, input, parameters, when and how long. */
export function JobFacts({ job }: { job: AiJobDetail }) {
  const params = Object.entries(job.params);
  return (
    <dl className="facts detail-facts">
      <dt>Operation</dt>
      <dd>{operationLabels[job.operation]}</dd>
      <dt>Model</dt>
      <dd className="mono">{job.modelId}</dd>
      {job.prompt && (
        <>
          <dt>Prompt</dt>
          <dd className="ai-text">{job.prompt}</dd>
        </>
      )}
      {job.input && (
        <>
          <dt>Input</dt>
          <dd>
            {job.input.name} <span className="muted">({formatBytes(job.input.sizeBytes)})</span>
          </dd>
        </>
      )}
      {params.length > 0 && (
        <>
          <dt>Parameters</dt>
          <dd className="mono">{params.map(([k, v]) => `${k}: ${String(v)}`).join(', ')}</dd>
        </>
      )}
      <dt>Created</dt>
      <dd>{formatDateTime(job.createdAt)}</dd>
      {job.elapsedMs !== null && (
        <>
          <dt>Took</dt>
          <dd>{formatElapsed(job.elapsedMs)}</dd>
        </>
      )}
      {job.attempts > 1 && (
        <>
          <dt>Attempts</dt>
          <dd>{job.attempts}</dd>
        </>
      )}
    </dl>
  );
}
