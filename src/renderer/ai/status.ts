import type { AiQueueStatus } from '../../shared/ai';

export type AiTone = 'idle' | 'busy' | 'paused' | 'waiting';

/** The status bar's one line for the AI queue, in words; `fraction` drives the small bar when known. */
export function aiSummary(s: AiQueueStatus): { text: string; tone: AiTone; fraction: number | null } {
  const counts = [s.running > 0 ? `${s.running} running` : '', s.queued > 0 ? `${s.queued} queued` : '']
    .filter(Boolean)
    .join(', ');
  const fraction = s.running > 0 ? s.fraction : null;
  if (s.paused) return { text: counts ? `AI paused: ${counts}` : 'AI paused', tone: 'paused', fraction };
  if (!counts) return { text: 'AI idle', tone: 'idle', fraction: null };
  if (s.running === 0 && s.waiting) return { text: `AI: ${counts} · ${s.waiting}`, tone: 'waiting', fraction };
  return { text: `AI: ${counts}`, tone: 'busy', fraction };
}
