import { useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { AiJobDetail } from '../../shared/ai';
import type { AiOperation } from '../../shared/profile';
import { useChannel } from '../backend/context';
import { toAppError } from '../library/app-error';
import { QueryError } from '../sync/QueryError';
import type { CachedOffer } from './CachedPrompt';
import { ExportResult } from './ExportResult';
import { jobSubject, jobTitle } from './format';
import { JobFacts } from './JobFacts';
import { stateLabels } from './labels';
import { ProvenanceView } from './ProvenanceView';
import { RemoveJob } from './RemoveJob';
import { ResultMedia } from './ResultMedia';
import { SaveToLibrary } from './SaveToLibrary';
import { TeachPanel } from './TeachPanel';
import { platformJobNote } from './teach-view';
import { useRerun } from './use-rerun';
import { UseAsInput, type Reuse } from './UseAsInput';

interface Props {
  id: string | null;
  panelRef: RefObject<HTMLElement | null>;
  offered: readonly AiOperation[];
  /** The "already succeeded" question, when a re-run of this panel asked it. */
  cached: ReactNode;
  onCached(offer: CachedOffer): void;
  onUse(op: AiOperation, reuse: Reuse): void;
  onClose(): void;
}

type BodyProps = Omit<Props, 'id' | 'panelRef'> & { job: AiJobDetail };
type Outputs = AiJobDetail['outputs'];

/** The buttons that choose which output of a job is shown. */
function OutputPicker({ outputs, output, onPick }: { outputs: Outputs; output: number; onPick(index: number): void }) {
  return (
    <div role="group" aria-label="Outputs" className="lib-segmented">
      {outputs.map((o, i) => (
        <button key={o.index} type="button" className="lib-small" aria-pressed={i === output} onClick={() => onPick(i)}>
          {i + 1}
        </button>
      ))}
    </div>
  );
}

/** What went wrong, what the platform still does, and an answer of unknown shape (with the panel that teaches it). */
function JobNotes({ job }: { job: AiJobDetail }) {
  return (
    <>
      {job.state === 'failed' && job.error && (
        <div className="error-note">
          <strong>{job.error.message}</strong>
          {job.error.hint && <span> {job.error.hint}</span>}
        </div>
      )}
      {platformJobNote(job) && (
        <p className="muted" role="note" data-testid="ai-platform-job">
          {platformJobNote(job)}
        </p>
      )}
      {job.unknownShape && (
        <p className="warning" role="note" data-testid="ai-unknown-shape">
          The platform answered in a shape Atelier does not know; the raw answer is kept below.
          {job.shapeNote && <span data-testid="ai-shape-note"> {job.shapeNote}</span>}
        </p>
      )}
      {job.unknownShape &&
        (job.state === 'succeeded' || job.state === 'failed') &&
        job.provenance.response !== null && <TeachPanel key={job.id} job={job} />}
    </>
  );
}

function Body({ job, offered, cached, onCached, onUse, onClose }: BodyProps) {
  const [output, setOutput] = useState(0);
  const rerun = useRerun(job.id, onCached);
  const out = job.outputs[output];
  const finished = job.state === 'succeeded' || job.state === 'failed' || job.state === 'cancelled';
  const name = jobSubject(job) || jobTitle(job);
  return (
    <>
      <p className="ai-detail-title">
        <strong>{jobTitle(job)}</strong>{' '}
        <span className={`job-state job-state-${job.state}`}>{stateLabels[job.state]}</span>
      </p>
      {job.outputs.length > 1 && <OutputPicker outputs={job.outputs} output={output} onPick={setOutput} />}
      {out && (
        <div className="detail-preview">
          <ResultMedia output={out} name={name} />
        </div>
      )}
      {job.text !== null && (
        <pre
          className="ai-detail-text"
          data-testid="ai-detail-text"
          tabIndex={0}
          role="region"
          aria-label="Text result"
        >
          {job.text}
        </pre>
      )}
      <JobNotes job={job} />
      <div className="row ai-detail-actions">
        <button type="button" data-testid="ai-rerun" disabled={rerun.pending} onClick={rerun.run}>
          {rerun.pending ? 'Queuing…' : 'Re-run'}
        </button>
        <UseAsInput job={job} output={output} offered={offered} onUse={onUse} />
        {job.state === 'succeeded' && <ExportResult jobId={job.id} />}
      </div>
      <span role="status" className="muted">
        {rerun.queued ? 'Queued again: follow it in the queue.' : ''}
      </span>
      <QueryError error={rerun.error} />
      {cached}
      {out && job.state === 'succeeded' && <SaveToLibrary key={`${job.id}:${output}`} jobId={job.id} output={out} />}
      <JobFacts job={job} />
      <ProvenanceView provenance={job.provenance} />
      {finished && (
        <div className="row">
          <RemoveJob jobId={job.id} onRemoved={onClose} />
        </div>
      )}
    </>
  );
}

/** The chosen result: large, with its provenance and what can be done with it. */
export function JobDetail({ id, panelRef, ...rest }: Props) {
  const detail = useChannel('ai.get', { id: id ?? '' }, { enabled: id !== null });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      rest.onClose();
    }
  };
  if (id === null) {
    return (
      <aside className="detail-panel ai-detail is-empty" aria-label="Result details" ref={panelRef} tabIndex={-1}>
        <p className="muted">Choose a result to see it larger, with its provenance, and to save, export or reuse it.</p>
      </aside>
    );
  }
  const error = detail.error ? toAppError(detail.error) : null;
  return (
    <aside
      className="detail-panel ai-detail"
      aria-labelledby="ai-detail-title"
      data-testid="ai-detail"
      ref={panelRef}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="detail-head">
        <h2 id="ai-detail-title">Result</h2>
        <button
          type="button"
          className="lib-small"
          aria-label="Close the result"
          title="Close the result"
          onClick={rest.onClose}
        >
          ×
        </button>
      </div>
      {error ? (
        error.code === 'not_found' ? (
          <p className="error-note" role="alert">
            This result is no longer in the history.
          </p>
        ) : (
          <QueryError error={detail.error} />
        )
      ) : !detail.data ? (
        <p className="muted">Loading…</p>
      ) : (
        <Body key={detail.data.id} job={detail.data} {...rest} />
      )}
    </aside>
  );
}
