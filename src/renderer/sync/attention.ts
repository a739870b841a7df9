import type { CalendarItem } from '../../shared/planner';

/** How far ahead the Sync view looks for posts whose checks fail. */
export const ATTENTION_DAYS = 14;

/** A post about to go out whose pre-flight checks fail, as the Sync view lists it. */
export interface AttentionPost {
  id: string;
  title: string;
  at: string;
  channels: string[];
  warnings: string[];
}

/** Posts that are due (scheduled or ready) and fail a pre-flight check, soonest first. */
export function postsNeedingAttention(items: readonly CalendarItem[]): AttentionPost[] {
  const out: AttentionPost[] = [];
  for (const item of items) {
    if (item.group !== 'posts' || (item.status !== 'scheduled' && item.status !== 'ready')) continue;
    const warnings = item.warnings.filter((w) => w.kind === 'preflight').map((w) => w.message);
    if (warnings.length === 0) continue;
    const channels = item.targets.length > 0 ? item.targets.map((t) => t.name) : item.channel ? [item.channel] : [];
    out.push({ id: item.id, title: item.title, at: item.at, channels, warnings });
  }
  return out.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The range the list reads: from the start of this hour (so the query stays the same within it) on. */
export function attentionRange(nowMs: number): { from: string; to: string } {
  const from = Math.floor(nowMs / 3_600_000) * 3_600_000;
  return { from: new Date(from).toISOString(), to: new Date(from + ATTENTION_DAYS * 86_400_000).toISOString() };
}
