import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { SLOT_MINUTES, type ScheduleWarning } from '../../../shared/planner';
import { channelKeys, targetsOf } from '../../../shared/targets';
import type { ScheduledRow } from './scheduled-sql';

// Schedule warnings, worked out from rows already read: a slot collision is another item on the
// same channel less than SLOT_MINUTES away; a duplicate is another scheduled post with the same
// trimmed text and the same set of media, whatever its channel (posting it twice is rarely meant).

export const SLOT_MS = SLOT_MINUTES * 60 * 1000;

export interface WarningContext {
  /** What screens call a record ("Spring sale…", an asset's name). */
  title(row: ScheduledRow): string;
  /** The zone the messages speak in. */
  zone: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export const channelOf = (row: ScheduledRow): string | null => str(row.fields.channel);

/** The post's media, then any of its channels' own media (variants), each once. */
export function assetIdsOf(row: ScheduledRow): string[] {
  if (row.group === 'mediaQueue') return str(row.fields.asset_id) ? [row.fields.asset_id as string] : [];
  const ids = row.fields.asset_ids;
  const own = Array.isArray(ids) ? ids.filter((v): v is string => typeof v === 'string') : [];
  const variants = targetsOf(row.fields).flatMap((t) => t.assetIds ?? []);
  return variants.length === 0 ? own : [...new Set([...own, ...variants])];
}

/** Same trimmed text and the same set of media; null for a blank post (nothing to repeat). */
export function contentKey(row: ScheduledRow): string | null {
  if (row.group !== 'posts') return null;
  const text = typeof row.fields.text === 'string' ? row.fields.text.trim() : '';
  const media = [...new Set(assetIdsOf(row))].sort();
  if (text === '' && media.length === 0) return null;
  return JSON.stringify([text, media]);
}

function add<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const quoted = (title: string): string => `“${title.length > 40 ? `${title.slice(0, 39).trimEnd()}…` : title}”`;
const more = (n: number): string => (n > 0 ? ` (and ${n} more)` : '');
const ref = (row: ScheduledRow) => ({ group: row.group, id: row.id });

function slotWarning(channel: string, others: ScheduledRow[], ctx: WarningContext): ScheduleWarning {
  const [first] = others as [ScheduledRow];
  const time = format(new TZDate(first.ms, ctx.zone), 'HH:mm');
  return {
    kind: 'slot',
    message: `Also on ${channel} at ${time}: ${quoted(ctx.title(first))}${more(others.length - 1)}`,
    with: others.map(ref),
  };
}

function duplicateWarning(others: ScheduledRow[], ctx: WarningContext): ScheduleWarning {
  const [first] = others as [ScheduledRow];
  const when = format(new TZDate(first.ms, ctx.zone), "EEE d MMM 'at' HH:mm");
  const channel = channelOf(first);
  return {
    kind: 'duplicate',
    message:
      `The same text and media are also scheduled for ` +
      `${when}${channel ? ` on ${channel}` : ''}${more(others.length - 1)}`,
    with: others.map(ref),
  };
}

/**
 * Warnings of each row in `rows`. `neighbours` must hold every scheduled item within SLOT_MS of
 * them; `sameContent` every scheduled post sharing a text with one of them.
 */
export function warningsOf(
  rows: ScheduledRow[],
  neighbours: ScheduledRow[],
  sameContent: ScheduledRow[],
  ctx: WarningContext,
): Map<string, ScheduleWarning[]> {
  // Channels compare without case ("instagram" and "Instagram" are one feed); a post with several
  // targets shares a slot with what is near it on any of them.
  const byChannel = new Map<string, ScheduledRow[]>();
  for (const n of neighbours) for (const key of channelKeys(n.fields)) add(byChannel, key, n);
  const byContent = new Map<string, ScheduledRow[]>();
  for (const p of sameContent) {
    const key = contentKey(p);
    if (key !== null) add(byContent, key, p);
  }
  const out = new Map<string, ScheduleWarning[]>();
  for (const row of rows) {
    const warnings: ScheduleWarning[] = [];
    // Items without a channel go nowhere yet, so they cannot take anyone's slot.
    for (const target of targetsOf(row.fields)) {
      const near = (byChannel.get(target.name.toLowerCase()) ?? []).filter(
        (n) => n.id !== row.id && Math.abs(n.ms - row.ms) < SLOT_MS,
      );
      if (near.length > 0)
        warnings.push(
          slotWarning(
            target.name,
            near.sort((a, b) => Math.abs(a.ms - row.ms) - Math.abs(b.ms - row.ms)),
            ctx,
          ),
        );
    }
    const key = contentKey(row);
    const same = key === null ? [] : (byContent.get(key) ?? []).filter((p) => p.id !== row.id);
    if (same.length > 0)
      warnings.push(
        duplicateWarning(
          same.sort((a, b) => a.ms - b.ms),
          ctx,
        ),
      );
    out.set(`${row.group}:${row.id}`, warnings);
  }
  return out;
}
