import type { ScheduleWarning } from '../../../shared/planner';
import { preflight, type MediaFacts, type Target } from '../../../shared/preflight';
import { contentFor, targetsOf, type TargetView } from '../../../shared/targets';
import type { AssetFactsRow } from '../library/library-sql';
import type { ScheduledRow } from './scheduled-sql';

// Pre-flight checks of scheduled posts for the calendar: each target's text and media (its variant
// where it has one) against its channel's rules, offline. A published post is past checking; a target
// whose rules are unknown (a channel of type Other without rules) is not checked.

export interface PostChecksDeps {
  /** The rules a target follows, or null when it has none to check against. */
  rulesOf(target: TargetView): Target | null;
  /** Facts of the assets among `ids`. */
  facts(ids: string[]): Map<string, AssetFactsRow>;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/** What the checks can know of a stored asset; audio, documents and others are not checked as media. */
function toFacts(row: AssetFactsRow): MediaFacts | null {
  if (row.kind !== 'image' && row.kind !== 'video') return null;
  const positive = (v: unknown) => {
    const n = num(v);
    return n === null || n === 0 ? null : n;
  };
  return {
    kind: row.kind,
    mime: typeof row.mime === 'string' ? row.mime : null,
    width: positive(row.width),
    height: positive(row.height),
    durationMs: num(row.duration_ms),
    sizeBytes: num(row.size_bytes),
    fps: row.kind === 'video' ? positive(row.fps) : null,
  };
}

/** Warnings of each post among `rows` (keyed `posts:id`), one per problem per target. */
export function checkPosts(rows: ScheduledRow[], deps: PostChecksDeps): Map<string, ScheduleWarning[]> {
  const posts = rows.filter((r) => r.group === 'posts' && r.fields.status !== 'published');
  const plans = posts.map((row) => ({ row, targets: targetsOf(row.fields) }));
  const ids = new Set<string>();
  for (const { row, targets } of plans)
    for (const t of targets) for (const id of contentFor(row.fields, t).assetIds) ids.add(id);
  const facts = deps.facts([...ids]);
  const out = new Map<string, ScheduleWarning[]>();
  for (const { row, targets } of plans) {
    const warnings: ScheduleWarning[] = [];
    for (const target of targets) {
      const rules = deps.rulesOf(target);
      if (rules === null) continue;
      const { text, assetIds } = contentFor(row.fields, target);
      const media: MediaFacts[] = [];
      for (const id of assetIds) {
        const f = facts.get(id);
        const m = f ? toFacts(f) : null;
        if (m) media.push(m);
      }
      for (const w of preflight({ text, media }, rules).warnings)
        warnings.push({ kind: 'preflight', message: `${target.name}: ${w.message}`, with: [], code: w.code });
    }
    out.set(`posts:${row.id}`, warnings);
  }
  return out;
}
