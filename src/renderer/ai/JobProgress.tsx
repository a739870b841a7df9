import type { AiJobView } from '../../shared/ai';
import { jobTitle, progressText } from './format';

/** A running job's bar (determinate when the fraction is known) with its phase in words; a waiting job's reason. */
export function JobProgress({ job }: { job: AiJobView }) {
  const text = progressText(job);
  const { fraction } = job.progress;
  return (
    <div className="job-progress" data-testid={`ai-job-progress-${job.id}`} data-phase={job.progress.phase}>
      {job.state === 'running' &&
        (fraction !== null ? (
          <progress max={1} value={fraction} aria-label={`Progress of ${jobTitle(job)}`} aria-valuetext={text} />
        ) : (
          <progress aria-label={`Progress of ${jobTitle(job)}`} aria-valuetext={text} />
        ))}
      <span className="job-progress-text">{text}</span>
    </div>
  );
}
