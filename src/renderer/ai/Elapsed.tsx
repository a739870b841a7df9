import type { AiJobView } from '../../shared/ai';
import { useNow } from '../sync/use-sync';
import { elapsedMs, formatElapsed } from './format';

/** Time a job has run: ticks here each second while it runs. */
export function Elapsed({ job }: { job: Pick<AiJobView, 'state' | 'startedAt' | 'elapsedMs'> }) {
  return job.state === 'running' ? <Ticking job={job} /> : <Fixed ms={job.elapsedMs} label="took " />;
}

function Ticking({ job }: { job: Pick<AiJobView, 'state' | 'startedAt' | 'elapsedMs'> }) {
  const now = useNow(1000);
  return <Fixed ms={elapsedMs(job, now)} label="running for " />;
}

function Fixed({ ms, label }: { ms: number | null; label: string }) {
  if (ms === null) return null;
  const text = formatElapsed(ms);
  return (
    <span className="job-elapsed" title={label === 'took ' ? 'Time it took' : 'Time running'}>
      <span className="lib-sr-only">{label}</span>
      <span className="mono">{text}</span>
    </span>
  );
}
