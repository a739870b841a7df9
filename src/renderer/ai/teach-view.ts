import type { AiJobView } from '../../shared/ai';

/** How a line of the profile diff is drawn. */
export function diffLineKind(line: string): 'added' | 'removed' | 'skipped' | 'kept' {
  if (line.startsWith('+ ')) return 'added';
  if (line.startsWith('- ')) return 'removed';
  return line === '…' ? 'skipped' : 'kept';
}

/**
 * What to say about an asynchronous job the platform accepted: cancelling only stops Atelier
 * asking about it, so the platform may still finish (and bill) it. Null for other jobs.
 */
export function platformJobNote(job: Pick<AiJobView, 'state' | 'remoteJobId'>): string | null {
  if (job.remoteJobId === null) return null;
  if (job.state === 'queued' || job.state === 'running') {
    return (
      `The platform accepted this job (platform job ${job.remoteJobId}). ` +
      'Cancelling stops Atelier asking about it; the platform may still finish it, and bill it.'
    );
  }
  if (job.state === 'cancelled')
    return (
      `Atelier stopped asking about platform job ${job.remoteJobId}; ` +
      'the platform may still finish it, and bill it.'
    );
  return null;
}
