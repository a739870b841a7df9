import type { AiJobView } from '../../shared/ai';
import { formatDuration } from '../library/format';
import { operationLabels, phaseLabels, stateLabels } from './labels';

/**
 * How long a job has run: counted from `startedAt` while it runs (so it ticks here), as the core
 * said once it ended.
 */
export function elapsedMs(job: Pick<AiJobView, 'state' | 'startedAt' | 'elapsedMs'>, now: number): number | null {
  if (job.state === 'running' && job.startedAt) {
    const started = Date.parse(job.startedAt);
    if (!Number.isNaN(started)) return Math.max(0, now - started);
  }
  return job.elapsedMs;
}

/** 65_400 → "1:05": whole seconds only, so a ticking clock never jumps ahead. */
export function formatElapsed(ms: number | null): string {
  return ms === null ? '—' : formatDuration(Math.floor(Math.max(0, ms) / 1000) * 1000);
}

/** One line of at most `max` characters, whitespace collapsed. */
export function excerpt(text: string | null, max = 80): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** The first lines of a text result, for a gallery tile. */
export function firstLines(text: string, lines = 4, maxChars = 240): string {
  const head = text.trim().split(/\r?\n/).slice(0, lines).join('\n');
  return head.length <= maxChars ? head : `${head.slice(0, maxChars - 1).trimEnd()}…`;
}

/** Where a job is, in words: why it waits, the phase it runs in (with a percentage when known), or how it ended. */
export function progressText(job: Pick<AiJobView, 'state' | 'progress' | 'waiting'>): string {
  if (job.state === 'queued') return job.waiting ? `Waiting: ${job.waiting}` : 'Waiting to start';
  if (job.state !== 'running') return stateLabels[job.state];
  const phase =
    job.progress.phase === 'waiting' || job.progress.phase === 'done' ? 'Starting' : phaseLabels[job.progress.phase];
  return job.progress.fraction === null ? `${phase}…` : `${phase} ${Math.round(job.progress.fraction * 100)}%`;
}

/** "Text to image · paint-1". */
export function jobTitle(job: Pick<AiJobView, 'operation' | 'modelId'>): string {
  return `${operationLabels[job.operation]} · ${job.modelId}`;
}

/** What a job worked on, in a few words: its prompt, else its input's name. */
export function jobSubject(job: Pick<AiJobView, 'prompt' | 'input'>, max = 80): string {
  if (job.prompt?.trim()) return excerpt(job.prompt, max);
  return job.input ? excerpt(job.input.name, max) : '';
}
