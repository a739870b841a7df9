// Library page and search latency: core.library.query (our path: the SQL Library.query builds, run
// through the library's cached statements, then each row mapped to an AssetView) against the very same
// SQL through a second, raw better-sqlite3 connection to the same file (prepared once), each row made
// into the same card the plain way (checked equal to ours but for hasFile, the one look at the disk
// only ours makes). Each query runs up to ITERATIONS times after a warm-up,
// the two sides interleaved; p95 are compared. Targets: first page p95 ours/raw ≤ 1.2, search and tag
// ≤ 1.1 (the p95 of each run's CPU time is printed beside: steadier on a shared machine). The plan
// each query gets (EXPLAIN QUERY PLAN) is printed, and the tag query is also timed in its form before
// migration 7 (a join through every tagged asset) to show what the plan choice buys,
// and the search's total in its form before migration 8 (the library scanned against every match).
//
// Scale curve: `tsx bench/library.ts [sizes…]` (e.g. `10k 100k`; default 10k and 100k, plus 1M with
// BENCH_LONG=1) runs every query at each size and prints the cost per matching asset (p50 of ours /
// the query's total): each window counts every matching asset and reads one page of 200, so the
// count grows with the library and the page does not. LIBRARY_BENCH_ITERATIONS sets the runs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import type { AssetView, LibraryPage } from '../src/shared/library';
import { createCore, type Core } from '../src/main/core/app';
import { isoTime } from '../src/main/core/library/iso-time';
import { librarySql } from '../src/main/core/library/library-sql';
import { nodeDeps } from '../src/main/core/node-deps';
import { prng as rng } from '../test/support/prng';
import { median, ms, spread, table, type Log, type Spread } from './support/report';

/** How much flatter than linear the cost per matching asset must stay from the smallest size to the largest. */
const SCALE_TARGET = 1.3;
/** Time for the measured runs of one query (both sides); slow queries get fewer runs, at least MIN_RUNS. */
const CASE_BUDGET_MS = 45_000;
const WARMUP_BUDGET_MS = 5_000;
const MIN_RUNS = 20;

type Query = Parameters<Core['library']['query']>[0];

export interface LibraryBenchOptions {
  assets: number;
  /**
   * Measured runs per query and side (default 2000: a p95 of sub-millisecond runs needs many, and on
   * a busy machine the tail is other programs' time slices, which only many runs even out), after
   * `warmup` runs (default 20).
   */
  iterations?: number;
  warmup?: number;
  log?: Log;
}

export interface CaseResult {
  name: string;
  /** Measured runs per side (fewer than asked when a run is slow, to stay within the time budget). */
  runs: number;
  rows: number;
  /** Cards of the page whose file is not on disk (each asked about on every query). */
  missingFiles: number;
  total: number;
  ours: Spread;
  raw: Spread;
  /** p95 ours / p95 raw. */
  ratio: number;
  /** The same for the CPU time of each run (see timeBoth). */
  cpuRatio: number;
  target: number;
  met: boolean;
  /** p50 of ours per matching asset (the total), in ns. */
  nsPerItem: number;
  /** EXPLAIN QUERY PLAN of the count and of the page. */
  plan: { count: string; page: string };
  /** Medians of the parts of our path, in ms (measured separately, after the comparison). */
  parts: {
    count: number;
    page: number;
    toView: number;
    existsSync: number;
    /** existsSync of the page's files that are not on disk: asked every time, so a file that arrives shows at once. */
    missing: number;
    jsonParse: number;
    prepare: number;
  };
}

export interface LibraryBenchResult {
  assets: number;
  seedSeconds: number;
  cases: CaseResult[];
  /** The tag query as it was before migration 7, on the raw connection: p50 in ms, and its plan. */
  oldTag: { p50: number; plan: string };
  /** The search's total as it was before migration 8, and as it is now, on the raw connection: p50 in ms. */
  oldSearchCount: { p50: number; newP50: number; plan: string };
  met: boolean;
  /** The temp folder used (removed before returning). */
  workDir: string;
}

// ---------------------------------------------------------------------------------------------
// Seeding: realistic rows written straight into `assets` in one transaction (the triggers fill
// asset_tags and assets_fts exactly as for imported assets).

const WORDS = [
  'sunset',
  'sunrise',
  'sunflower',
  'sunny',
  'beach',
  'beam',
  'bear',
  'beauty',
  'mountain',
  'river',
  'forest',
  'city',
  'street',
  'night',
  'morning',
  'coffee',
  'studio',
  'portrait',
  'product',
  'launch',
  'team',
  'office',
  'garden',
  'flower',
  'ocean',
  'wave',
  'snow',
  'winter',
  'summer',
  'autumn',
  'spring',
  'market',
  'dog',
  'cat',
  'kitchen',
  'recipe',
  'concert',
  'stage',
  'crowd',
  'travel',
  'road',
  'car',
  'bridge',
  'tower',
  'lake',
  'island',
  'desert',
  'cloud',
];
const TAGS = [
  'travel',
  'portrait',
  'family',
  'product',
  'summer',
  'winter',
  'client-a',
  'client-b',
  'draft',
  'final',
  'social',
  'story',
  'reel',
  'thumbnail',
  'b-roll',
  'interview',
  'behind-the-scenes',
  'launch',
  'campaign',
  'archive',
  'favourite',
  'raw',
  'edited',
  'logo',
  'brand',
  'event',
  'food',
  'nature',
  'city',
  'night',
];
const KINDS: { kind: string; share: number; ext: string; mime: string }[] = [
  { kind: 'image', share: 0.55, ext: 'jpg', mime: 'image/jpeg' },
  { kind: 'video', share: 0.25, ext: 'mp4', mime: 'video/mp4' },
  { kind: 'audio', share: 0.08, ext: 'mp3', mime: 'audio/mpeg' },
  { kind: 'document', share: 0.08, ext: 'pdf', mime: 'application/pdf' },
  { kind: 'other', share: 0.04, ext: 'bin', mime: 'application/octet-stream' },
];

interface Seeded {
  seconds: number;
  rowsSeconds: number;
  withFile: number;
  trashed: number;
}

export function seedLibrary(core: Core, blobRoot: string, count: number): Seeded {
  const started = performance.now();
  const random = rng(20_260_501);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const account = core.workspace.account();
  const insert = core.db.prepare(
    `INSERT INTO assets (id, account_id, remote_id, remote_version, data, base, created_at, updated_at, deleted,
       sync_state, trashed_at, thumb_sha256, thumb_state)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  );
  const start = Date.now() - count * 60_000;
  const files: string[] = [];
  let trashed = 0;
  core.db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      let r = random();
      const kind = KINDS.find((k) => (r -= k.share) < 0) ?? KINDS[0]!;
      const sha = crypto.randomBytes(32).toString('hex');
      const tags = [...new Set(Array.from({ length: Math.floor(random() * 5) }, () => pick(TAGS)))];
      const fields: Record<string, unknown> = {
        name: `${pick(WORDS)}-${pick(WORDS)}-${String(i).padStart(6, '0')}.${kind.ext}`,
        kind: kind.kind,
        mime_type: kind.mime,
        size_bytes: Math.floor(20_000 + random() * (kind.kind === 'video' ? 400e6 : 8e6)),
        sha256: sha,
        tags,
        notes: random() < 0.3 ? Array.from({ length: 4 + Math.floor(random() * 8) }, () => pick(WORDS)).join(' ') : '',
      };
      if (kind.kind === 'image' || kind.kind === 'video') {
        fields.width = pick([1080, 1920, 3840, 4032]);
        fields.height = pick([1080, 1350, 2160, 3024]);
      }
      if (kind.kind === 'video' || kind.kind === 'audio') fields.duration_ms = Math.floor(2_000 + random() * 600_000);
      const data = JSON.stringify(fields);
      // Distinct creation times, one a minute on average, newest last.
      const created = start + i * 60_000 + Math.floor(random() * 59_000);
      const synced = random() < 0.9;
      const isTrashed = random() < 0.02;
      if (isTrashed) trashed++;
      const thumb = kind.kind === 'image' || kind.kind === 'video';
      insert.run(
        crypto.randomUUID(),
        account,
        synced ? `ast_${i}` : null,
        synced ? 1 : null,
        data,
        synced ? data : null,
        created,
        created,
        synced ? 'synced' : 'pending',
        isTrashed ? created + 1_000 : null,
        thumb ? crypto.randomBytes(32).toString('hex') : kind.kind === 'audio' ? 'audio' : 'unsupported',
        thumb ? 'ready' : 'placeholder',
      );
      // 95% of the files are on this computer; the rest came from another device.
      if (random() < 0.95) files.push(sha);
    }
  })();
  const rowsSeconds = (performance.now() - started) / 1000;
  // Empty stand-ins for the media files, where BlobStore keeps them, so hasFile sees real files.
  const dirs = new Set<string>();
  for (const sha of files) {
    const dir = path.join(blobRoot, sha.slice(0, 2));
    if (!dirs.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      dirs.add(dir);
    }
    fs.closeSync(fs.openSync(path.join(dir, sha), 'w'));
  }
  return { seconds: (performance.now() - started) / 1000, rowsSeconds, withFile: files.length, trashed };
}

// ---------------------------------------------------------------------------------------------
// The raw side: the statements Library.query builds, run on a raw connection (and checked against ours).

interface RawRow {
  id: string;
  data: string;
}

/** The columns a card is made of, as the page statement returns them. */
type RawCardRow = RawRow & {
  created_at: number;
  updated_at: number;
  trashed_at: number | null;
  thumb_sha256: string | null;
  thumb_state: AssetView['thumb']['state'];
  sync_state: AssetView['syncState'];
};

/** An asset's fields as this benchmark writes them (the plain side trusts its own data). */
interface PlainFields {
  name?: string;
  kind?: AssetView['kind'];
  mime_type?: string;
  size_bytes?: number;
  width?: number;
  height?: number;
  duration_ms?: number;
  tags?: string[];
  notes?: string;
  alt_text?: string;
  sha256?: string;
}

/** A card without the file check: what the plain side answers (a placeholder's reason as stored). */
type PlainCard = Omit<AssetView, 'hasFile' | 'thumb'> & {
  thumb: { state: AssetView['thumb']['state']; sha256: string | null; reason: string | null };
};

/**
 * A card the plain way: the parsed fields copied as they are, no checks (the benchmark wrote them
 * itself), dates formatted by the same fast helper ours uses, and no look at the disk for the file.
 */
function plainCard(row: RawCardRow): PlainCard {
  const f: PlainFields = JSON.parse(row.data);
  const createdAt = isoTime(row.created_at);
  return {
    id: row.id,
    name: f.name ?? '',
    kind: f.kind ?? 'other',
    mimeType: f.mime_type ?? null,
    sizeBytes: f.size_bytes ?? null,
    width: f.width ?? null,
    height: f.height ?? null,
    durationMs: f.duration_ms ?? null,
    tags: f.tags ?? [],
    notes: f.notes ?? '',
    altText: f.alt_text ?? '',
    sha256: f.sha256 ?? null,
    thumb: {
      state: row.thumb_state,
      sha256: row.thumb_state === 'ready' ? row.thumb_sha256 : null,
      reason: row.thumb_state === 'placeholder' ? row.thumb_sha256 : null,
    },
    createdAt,
    updatedAt: row.updated_at === row.created_at ? createdAt : isoTime(row.updated_at),
    trashedAt: row.trashed_at === null ? null : isoTime(row.trashed_at),
    syncState: row.sync_state,
  };
}

function rawSide(raw: Database.Database, q: Query, account: string): () => { total: number; cards: PlainCard[] } {
  const sql = librarySql(q, account);
  // Prepared once, as the store does for ours.
  const count = raw.prepare<unknown[], { n: number }>(sql.count);
  const page = raw.prepare<unknown[], RawCardRow>(sql.page);
  return () => {
    const total = count.get(...sql.params)?.n ?? 0;
    const rows = page.all(...sql.pageParams);
    const cards: PlainCard[] = [];
    for (const row of rows) cards.push(plainCard(row));
    return { total, cards };
  };
}

// ---------------------------------------------------------------------------------------------

interface Case {
  name: string;
  query: Query;
  target: number;
}

const base = { sort: 'created', dir: 'desc', offset: 0, limit: 200, trash: false } as const;
const CASES: Case[] = [
  { name: 'first page (newest 200)', query: { ...base }, target: 1.2 },
  { name: "search 'sun bea' (FTS)", query: { ...base, text: 'sun bea' }, target: 1.1 },
  { name: "tag 'travel'", query: { ...base, tag: 'travel' }, target: 1.1 },
];

function time(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

/**
 * Wall time of one run, and the CPU time this process spent in it (ms). On a machine shared with
 * other programs the wall-clock tail is mostly their time slices; the CPU time leaves those out
 * (it still counts our own garbage collection), so its p95 ratio is the steadier companion figure.
 */
function timeBoth(fn: () => unknown, wall: number[], cpu: number[]): void {
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  fn();
  const ended = performance.now();
  const used = process.cpuUsage(cpuStarted);
  wall.push(ended - started);
  cpu.push((used.user + used.system) / 1000);
}

function planOf(db: Database.Database, sql: string, params: unknown[]): string {
  return db
    .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((p) => p.detail)
    .join(' | ');
}

/** Warm up (at most WARMUP_BUDGET_MS), then fit the runs into CASE_BUDGET_MS: a slow query gets fewer runs. */
function interleaved(
  runOurs: () => unknown,
  runRaw: () => unknown,
  iterations: number,
  warmup: number,
): { ours: number[]; raw: number[]; oursCpu: number[]; rawCpu: number[] } {
  const warmStarted = performance.now();
  let warmed = 0;
  while (warmed < warmup && (warmed < 2 || performance.now() - warmStarted < WARMUP_BUDGET_MS)) {
    runOurs();
    runRaw();
    warmed++;
  }
  const perPair = (performance.now() - warmStarted) / warmed;
  const runs = Math.max(1, Math.min(iterations, Math.max(MIN_RUNS, Math.floor(CASE_BUDGET_MS / perPair))));
  const t: ReturnType<typeof interleaved> = { ours: [], raw: [], oursCpu: [], rawCpu: [] };
  for (let i = 0; i < runs; i += 1) {
    // Alternate which side goes first, so neither always finds the caches warmer.
    if (i % 2) {
      timeBoth(runOurs, t.ours, t.oursCpu);
      timeBoth(runRaw, t.raw, t.rawCpu);
    } else {
      timeBoth(runRaw, t.raw, t.rawCpu);
      timeBoth(runOurs, t.ours, t.oursCpu);
    }
  }
  return t;
}

/** Where our time goes: the same statements, prepared once on the core's connection, then the mapping. */
function partsOf(core: Core, blobRoot: string, q: Query, rounds: number): CaseResult['parts'] {
  const sql = librarySql(q, core.workspace.account());
  const countStmt = core.db.prepare(sql.count);
  const pageStmt = core.db.prepare<unknown[], RawRow & Record<string, unknown>>(sql.page);
  const rows = pageStmt.all(...sql.pageParams);
  const blobPaths = rows.map((r) => {
    const sha: unknown = JSON.parse(r.data).sha256;
    return typeof sha === 'string' ? path.join(blobRoot, sha.slice(0, 2), sha) : null;
  });
  const missing = blobPaths.filter((p): p is string => p !== null && !fs.existsSync(p));
  const toView = core.library.toView.bind(core.library) as (row: unknown) => unknown;
  const parts = { count: [], page: [], toView: [], existsSync: [], missing: [], jsonParse: [], prepare: [] } as Record<
    keyof CaseResult['parts'],
    number[]
  >;
  for (let i = 0; i < rounds; i += 1) {
    parts.count.push(time(() => countStmt.get(...sql.params)));
    parts.page.push(time(() => pageStmt.all(...sql.pageParams)));
    parts.toView.push(time(() => rows.forEach((r) => toView(r))));
    parts.existsSync.push(time(() => blobPaths.forEach((p) => p !== null && fs.existsSync(p))));
    parts.missing.push(time(() => missing.forEach((p) => fs.existsSync(p))));
    parts.jsonParse.push(time(() => rows.forEach((r) => JSON.parse(r.data))));
    parts.prepare.push(time(() => (core.db.prepare(sql.count), core.db.prepare(sql.page))));
  }
  return {
    count: median(parts.count),
    page: median(parts.page),
    toView: median(parts.toView),
    existsSync: median(parts.existsSync),
    missing: median(parts.missing),
    jsonParse: median(parts.jsonParse),
    prepare: median(parts.prepare),
  };
}

function measureCase(
  core: Core,
  raw: Database.Database,
  blobRoot: string,
  c: Case,
  iterations: number,
  warmup: number,
): CaseResult {
  const account = core.workspace.account();
  const runRaw = rawSide(raw, c.query, account);
  const runOurs = (): LibraryPage => core.library.query(c.query);

  // Same answer on both sides, or the comparison means nothing.
  const a = runOurs();
  const b = runRaw();
  if (a.total !== b.total || a.items.map((i) => i.id).join() !== b.cards.map((i) => i.id).join()) {
    throw new Error(
      `${c.name}: the raw SQL answers differently from Library.query (total ${b.total} vs ${a.total}); ` +
        `librarySql is out of date`,
    );
  }
  // And the same cards, but for the file check only ours makes.
  if (
    !isDeepStrictEqual(
      a.items.map(({ hasFile: _, ...card }) => card),
      b.cards,
    )
  )
    throw new Error(`${c.name}: the plain side's cards differ from Library.query's; plainCard is out of date`);
  const times = interleaved(runOurs, runRaw, iterations, warmup);
  const sql = librarySql(c.query, account);
  const o = spread(times.ours);
  const r = spread(times.raw);
  const ratio = o.p95 / r.p95;
  const cpuRatio = spread(times.oursCpu).p95 / spread(times.rawCpu).p95;
  return {
    name: c.name,
    runs: times.ours.length,
    rows: a.items.length,
    missingFiles: a.items.filter((i) => i.sha256 !== null && !i.hasFile).length,
    total: a.total,
    ours: o,
    raw: r,
    ratio,
    cpuRatio,
    target: c.target,
    met: ratio <= c.target,
    nsPerItem: (o.p50 * 1e6) / Math.max(1, a.total),
    plan: { count: planOf(raw, sql.count, sql.params), page: planOf(raw, sql.page, sql.pageParams) },
    parts: partsOf(core, blobRoot, c.query, Math.max(5, Math.floor(times.ours.length / 4))),
  };
}

/**
 * The tag query in its form before migration 7 (every tagged asset looked up in assets for its
 * account, trash and order; whole rows sorted), on the raw connection: what the new plan replaced.
 */
function oldTagQuery(raw: Database.Database, account: string, tag: string): LibraryBenchResult['oldTag'] {
  const from =
    'FROM asset_tags t CROSS JOIN assets a ON a.id = t.asset_id ' +
    'WHERE t.tag = ? AND a.account_id = ? AND a.deleted = 0 AND a.trashed_at IS NULL';
  const count = raw.prepare(`SELECT count(*) AS n ${from}`);
  const pageSql = `SELECT a.* ${from} ORDER BY a.created_at DESC, a.id LIMIT 200 OFFSET 0`;
  const page = raw.prepare<unknown[], RawRow>(pageSql);
  const times: number[] = [];
  const started = performance.now();
  while (times.length < 5 || (times.length < 40 && performance.now() - started < 5_000))
    times.push(time(() => (count.get(tag, account), page.all(tag, account).forEach((row) => JSON.parse(row.data)))));
  return { p50: median(times), plan: planOf(raw, pageSql, [tag, account]) };
}

/**
 * The search's total in its form before migration 8 (every live asset of the library scanned against
 * a list of every full-text match) and in today's (each match looked up in assets_live), on the raw
 * connection, interleaved: what driving the count from the full-text index buys.
 */
function oldSearchCount(raw: Database.Database, account: string, text: string): LibraryBenchResult['oldSearchCount'] {
  const sql = librarySql({ ...base, text }, account);
  const oldSql =
    // The index SQLite chose for it then; left free it now takes assets_live, whose rowid order alone
    // makes the probes into the list of matches far cheaper than assets_size's (ordered by size).
    'SELECT count(*) AS n FROM assets a INDEXED BY assets_size ' +
    'WHERE a.account_id = ? AND a.deleted = 0 AND a.trashed_at IS NULL ' +
    'AND a.rowid IN (SELECT rowid FROM assets_fts WHERE assets_fts MATCH ?)';
  const old = raw.prepare(oldSql);
  const now = raw.prepare(sql.count);
  if (JSON.stringify(old.get(...sql.params)) !== JSON.stringify(now.get(...sql.params)))
    throw new Error('the search total before migration 8 differs from today’s');
  const times: { old: number[]; now: number[] } = { old: [], now: [] };
  const started = performance.now();
  while (times.old.length < 5 || (times.old.length < 40 && performance.now() - started < 5_000)) {
    times.old.push(time(() => old.get(...sql.params)));
    times.now.push(time(() => now.get(...sql.params)));
  }
  return { p50: median(times.old), newP50: median(times.now), plan: planOf(raw, oldSql, sql.params) };
}

function reportCases(log: Log, iterations: number, warmup: number, result: LibraryBenchResult): void {
  const { cases } = result;
  log('');
  log(
    `up to ${iterations} runs per query and side (fewer for slow queries: ` +
      `${CASE_BUDGET_MS / 1000} s each) after up to ${warmup} warm-up runs, interleaved; times in ms`,
  );
  table(
    log,
    [
      'query',
      'runs',
      'rows',
      'total',
      'ours p50',
      'ours p95',
      'raw p50',
      'raw p95',
      'p95 ours/raw',
      'target',
      'CPU p95 ours/raw',
    ],
    cases.map((c) => [
      c.name,
      String(c.runs),
      String(c.rows),
      String(c.total),
      ms(c.ours.p50),
      ms(c.ours.p95),
      ms(c.raw.p50),
      ms(c.raw.p95),
      c.ratio.toFixed(2),
      `≤ ${c.target} ${c.met ? 'met' : 'MISSED'}`,
      c.cpuRatio.toFixed(2),
    ]),
  );
  log('');
  log(
    "ours = core.library.query: count(*) + page through the library's cached statements (the SQL and parameters " +
      'of a window built once), then toView per row',
  );
  log('       (JSON.parse of data, ISO dates, thumbnail fields, and hasFile: fs.existsSync of the media file,');
  log(
    '       not repeated for a file seen on disk in the last minute; a file not on disk is asked about on every ' +
      'page, so one that arrives shows at once).',
  );
  log(
    'raw  = the same two statements, prepared once on a second better-sqlite3 connection, each row made into ' +
      'the same card the plain way',
  );
  log('       (JSON.parse of data, fields copied unchecked, the same ISO helper; no look at the disk for files).');
  log('');
  log('where our time goes (medians, ms; measured separately):');
  table(
    log,
    [
      'query',
      'count(*)',
      'page',
      'toView × rows',
      'existsSync × rows (first look)',
      'existsSync × files not on disk',
      'JSON.parse × rows',
      'prepare (uncached)',
    ],
    cases.map((c) => [
      c.name,
      ms(c.parts.count),
      ms(c.parts.page),
      ms(c.parts.toView),
      ms(c.parts.existsSync),
      `${ms(c.parts.missing)} (${c.missingFiles})`,
      ms(c.parts.jsonParse),
      ms(c.parts.prepare),
    ]),
  );
}

function reportPlans(log: Log, result: LibraryBenchResult): void {
  log('');
  log('query plans (SQLite EXPLAIN QUERY PLAN, no ANALYZE), the same SQL on both sides:');
  for (const c of result.cases) {
    log(`  ${c.name}`);
    log(`    count: ${c.plan.count}`);
    log(`    page:  ${c.plan.page}`);
  }
  const tag = result.cases.find((c) => c.name.startsWith('tag'));
  if (tag)
    log(
      `plan choice, tag: one range of asset_tags_filter (tag, account, tombstone, trash, created) for the count ` +
        `and the page's order: raw p50 ${ms(tag.raw.p50)} ms; before migration 7 (each tagged asset looked up ` +
        `in assets, whole rows sorted) ${ms(result.oldTag.p50)} ms (${(result.oldTag.p50 / tag.raw.p50).toFixed(1)}×).`,
    );
  const search = result.oldSearchCount;
  log(
    `plan choice, search total: each full-text match looked up in assets_live (migration 8) p50 ` +
      `${ms(search.newP50)} ms; before (every live asset scanned against a list of the matches: ` +
      `${search.plan}) ${ms(search.p50)} ms (${(search.p50 / search.newP50).toFixed(1)}×).`,
  );
}

/** Runs the benchmark at one size and removes everything it wrote. */
export async function runLibraryBench(options: LibraryBenchOptions): Promise<LibraryBenchResult> {
  const log = options.log ?? console.log;
  const iterations = options.iterations ?? 2000;
  const warmup = options.warmup ?? 20;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-library-'));
  let core: Core | undefined;
  let raw: Database.Database | undefined;
  try {
    const deps = nodeDeps({ dataDir: path.join(work, 'data'), host: 'test', quiet: true });
    deps.sync = { autoStart: false };
    core = createCore(deps);
    await core.start();
    const blobRoot = path.join(deps.paths.dataDir, 'media');
    const seeded = seedLibrary(core, blobRoot, options.assets);
    const dbMb = fs.statSync(deps.paths.dbFile).size / 1024 / 1024;
    log(
      `seeded ${options.assets} assets (${seeded.trashed} in the trash, ` +
        `${seeded.withFile} with their file on disk) in ${seeded.seconds.toFixed(1)} s (rows, ` +
        `tags and FTS in one transaction ${seeded.rowsSeconds.toFixed(1)} s, ` +
        `files ${(seeded.seconds - seeded.rowsSeconds).toFixed(1)} s); database ${dbMb.toFixed(0)} MB + WAL`,
    );
    raw = new Database(deps.paths.dbFile, { readonly: true, fileMustExist: true });
    const cases = CASES.map((c) => measureCase(core!, raw!, blobRoot, c, iterations, warmup));
    const oldTag = oldTagQuery(raw, core.workspace.account(), 'travel');
    const oldSearch = oldSearchCount(raw, core.workspace.account(), 'sun bea');
    const met = cases.every((c) => c.met);
    const result = {
      assets: options.assets,
      seedSeconds: seeded.seconds,
      cases,
      oldTag,
      oldSearchCount: oldSearch,
      met,
      workDir: work,
    };
    reportCases(log, iterations, warmup, result);
    reportPlans(log, result);
    log('');
    const worst = cases.reduce((w, c) => (c.ratio > w.ratio ? c : w));
    log(
      `ratio ours/raw (p95): ${cases.map((c) => c.ratio.toFixed(2)).join(' / ')}  (targets ` +
        `${cases.map((c) => `≤ ${c.target}`).join(' / ')}; worst: ${worst.name})`,
    );
    log(
      `CPU-time ratio ours/raw (p95; other programs' time slices left out): ` +
        cases.map((c) => c.cpuRatio.toFixed(2)).join(' / '),
    );
    log(
      met
        ? 'target met'
        : `target missed: ${cases
            .filter((c) => !c.met)
            .map((c) => c.name)
            .join(', ')}`,
    );
    return result;
  } finally {
    raw?.close();
    await core?.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export interface ScaleResult {
  runs: LibraryBenchResult[];
  /** Per query: ns per matching asset at the largest size / at the smallest. */
  growth: { name: string; growth: number; met: boolean }[];
  met: boolean;
}

/** Runs the benchmark at each size (smallest first) and prints how the cost per matching asset grows. */
export async function runLibraryScale(
  sizes: number[],
  options: Omit<LibraryBenchOptions, 'assets'> = {},
): Promise<ScaleResult> {
  const log = options.log ?? console.log;
  const runs: LibraryBenchResult[] = [];
  for (const assets of [...sizes].sort((a, b) => a - b)) {
    log('');
    log(`== ${assets} assets ==`);
    runs.push(await runLibraryBench({ ...options, assets }));
  }
  log('');
  log(
    'scale curve (ms): per item = ns of ours (p50) per matching asset (the total); ' +
      'count = ns of count(*) per matching ' +
      'asset; page = the page statement and toView of its 200 rows, which should not grow',
  );
  table(
    log,
    [
      'query',
      'assets',
      'total',
      'ours p50',
      'ours p95',
      'raw p50',
      'raw p95',
      'p95 ratio',
      'per item',
      'count',
      'page',
    ],
    CASES.flatMap((c, i) =>
      runs.map((r) => {
        const x = r.cases[i]!;
        return [
          c.name,
          label(r.assets),
          String(x.total),
          ms(x.ours.p50),
          ms(x.ours.p95),
          ms(x.raw.p50),
          ms(x.raw.p95),
          x.ratio.toFixed(2),
          `${x.nsPerItem.toFixed(0)} ns`,
          `${((x.parts.count * 1e6) / Math.max(1, x.total)).toFixed(0)} ns`,
          ms(x.parts.page + x.parts.toView),
        ];
      }),
    ),
  );
  const growth = CASES.map((c, i) => {
    const g = runs.at(-1)!.cases[i]!.nsPerItem / runs[0]!.cases[i]!.nsPerItem;
    return { name: c.name, growth: g, met: g <= SCALE_TARGET };
  });
  const met = growth.every((g) => g.met);
  log(
    `scale ${label(runs[0]!.assets)} → ${label(runs.at(-1)!.assets)}, cost per matching asset: ` +
      `${growth.map((g) => `${g.growth.toFixed(2)}×`).join(' / ')} (target ≤ ${SCALE_TARGET}× each) ` +
      `${met ? 'met' : 'MISSED'}`,
  );
  return { runs, growth, met };
}

const label = (n: number): string =>
  n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}k` : String(n);

/** "10k", "100k", "1M" or a plain count. */
export function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim());
  const n = m ? Number(m[1]) * (m[2] === '' ? 1 : /k/i.test(m[2]!) ? 1e3 : 1e6) : NaN;
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`A library size must be a positive count such as 10k, 100k or 1M; got "${text}"`);
  return n;
}

async function main(): Promise<void> {
  const long = process.env.BENCH_LONG === '1';
  const args = process.argv.slice(2);
  const sizes = args.length > 0 ? args.map(parseSize) : [10_000, 100_000, ...(long ? [1_000_000] : [])];
  const iterations = Number(process.env.LIBRARY_BENCH_ITERATIONS ?? 2000);
  if (!Number.isInteger(iterations) || iterations <= 0)
    throw new Error(
      `LIBRARY_BENCH_ITERATIONS must be a positive integer, got "${process.env.LIBRARY_BENCH_ITERATIONS}"`,
    );
  const deadline = setTimeout(
    () => {
      console.error('library bench took too long; stopping');
      process.exit(1);
    },
    (long ? 3_600 : 900) * 1000,
  );
  deadline.unref();
  console.log(
    `Library benchmark: node ${process.version}, ${os.cpus().length} CPUs, sizes ${sizes.map(label).join(', ')}, ` +
      `temp folder in ${os.tmpdir()}`,
  );
  await runLibraryScale(sizes, { iterations });
}

// Run only as a script (`tsx bench/library.ts`), not when the smoke test imports it.
if (/[\\/]bench[\\/]library\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
