import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/main/core/db/open';
import { migrationsDir } from '../../src/main/core/db/migrations-dir';
import { prng } from './prng';

export { rowPages, touchedPages, untouchedRows, type RowPages } from './damage-pages';

/** The synced record tables (0002_records.sql) that hold a creator's records, assets apart. */
export const RECORD_TABLES = [
  'posts',
  'content_plans',
  'media_queue',
  'creatives',
  'media_templates',
  'automations',
] as const;

export interface BuildOptions {
  /** Records spread over the record tables (posts get half). */
  records: number;
  seed?: number;
  /** Extra posts committed after the last checkpoint and left in the -wal file beside the database. */
  walRecords?: number;
  /** File name inside dir (default atelier.db). */
  name?: string;
}

type Rand = () => number;

const WORDS = [
  'spring',
  'launch',
  'teaser',
  'studio',
  'portrait',
  'night',
  'city',
  'coffee',
  'week',
  'story',
  'reel',
  'drop',
  'behind',
  'scenes',
  'café',
  'naïve',
  'über',
];

function uuid(rand: Rand): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function sentence(rand: Rand, min: number, max: number): string {
  const n = min + Math.floor(rand() * (max - min + 1));
  return Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
}

function recordData(table: string, rand: Rand, i: number): Record<string, unknown> {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
  switch (table) {
    case 'posts':
      return {
        text: sentence(rand, 8, 40),
        status: rand() < 0.5 ? 'draft' : 'scheduled',
        scheduled_at: at,
        channel: rand() < 0.5 ? 'main' : 'shop',
      };
    case 'content_plans':
      return { title: sentence(rand, 2, 6), starts_at: at };
    case 'media_queue':
      return { asset_id: uuid(rand), scheduled_at: at, position: i, channel: 'main' };
    case 'automations':
      return { name: sentence(rand, 2, 5), enabled: rand() < 0.5 };
    default:
      return { name: sentence(rand, 2, 5), template_id: uuid(rand) };
  }
}

function insertRecords(db: Database.Database, rand: Rand, table: string, count: number, from: number): string[] {
  const stmt = db.prepare(
    `INSERT INTO ${table} (id, account_id, remote_id, remote_version, data, base, created_at, updated_at, ` +
      `sync_state) VALUES (?, 'acct-1', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = uuid(rand);
    const data = JSON.stringify(recordData(table, rand, from + i));
    const synced = rand() < 0.7;
    const at = 1_735_689_600_000 + (from + i) * 1000;
    stmt.run(
      id,
      synced ? `r-${table}-${from + i}` : null,
      synced ? 1 : null,
      data,
      synced ? data : null,
      at,
      at,
      synced ? 'synced' : 'pending',
    );
    ids.push(id);
  }
  return ids;
}

function insertAssets(db: Database.Database, rand: Rand, count: number): void {
  const stmt = db.prepare(
    `INSERT INTO assets (id, account_id, data, created_at, updated_at, sync_state, thumb_state, thumb_sha256) ` +
      `VALUES (?, 'acct-1', ?, ?, ?, 'synced', 'ready', ?)`,
  );
  for (let i = 0; i < count; i++) {
    const sha = uuid(rand).replace(/-/g, '') + uuid(rand).replace(/-/g, '');
    const data = {
      name: `${sentence(rand, 1, 3)} ${i}.jpg`,
      kind: 'image',
      sha256: sha,
      size_bytes: 1000 + i,
      tags: [WORDS[i % WORDS.length], 'library'],
      notes: sentence(rand, 0, 12),
    };
    stmt.run(uuid(rand), JSON.stringify(data), 1_735_689_600_000 + i, 1_735_689_600_000 + i, sha);
  }
}

function insertOutbox(db: Database.Database, rand: Rand, postIds: string[]): void {
  const stmt = db.prepare(
    `INSERT INTO outbox (account_id, grp, record_id, op, payload, idempotency_key, created_at, updated_at) ` +
      `VALUES ('acct-1', 'posts', ?, 'update', ?, ?, ?, ?)`,
  );
  postIds.forEach((id, i) =>
    stmt.run(
      id,
      JSON.stringify({ text: sentence(rand, 3, 10) }),
      uuid(rand),
      1_735_689_600_000 + i,
      1_735_689_600_000 + i,
    ),
  );
}

function insertAiJobs(db: Database.Database, rand: Rand, count: number): void {
  const job = db.prepare(
    `INSERT INTO ai_jobs (id, account_id, operation, model_id, prompt, fingerprint, idempotency_key, profile, state,
       position, created_at, result_text)
     VALUES (?, 'acct-1', 'text-to-image', 'model-a', ?, ?, ?, 'sandbox', 'succeeded', ?, ?, ?)`,
  );
  const output = db.prepare(
    `INSERT INTO ai_outputs (job_id, idx, kind, sha256, mime_type, size_bytes, width, height) ` +
      `VALUES (?, 0, 'image', ?, 'image/png', 2048, 64, 64)`,
  );
  for (let i = 0; i < count; i++) {
    const id = uuid(rand);
    job.run(id, sentence(rand, 4, 20), uuid(rand), uuid(rand), i, 1_735_689_600_000 + i, sentence(rand, 0, 8));
    output.run(id, uuid(rand));
  }
}

/** Fill a fresh database: the record tables, plus assets, outbox entries, AI jobs and a workspace id. */
function fill(db: Database.Database, rand: Rand, records: number): void {
  db.transaction(() => {
    db.prepare(`INSERT INTO app_meta (key, value) VALUES ('workspace_id', ?)`).run(uuid(rand));
    const posts = Math.ceil(records / 2);
    const postIds = insertRecords(db, rand, 'posts', posts, 0);
    const rest = RECORD_TABLES.slice(1);
    let left = records - posts;
    rest.forEach((table, i) => {
      const n = i === rest.length - 1 ? left : Math.floor((records - posts) / rest.length);
      insertRecords(db, rand, table, n, 0);
      left -= n;
    });
    insertAssets(db, rand, Math.ceil(records / 5));
    insertOutbox(db, rand, postIds.slice(0, Math.ceil(records / 10)));
    insertAiJobs(db, rand, Math.ceil(records / 20));
  })();
}

/**
 * A real Atelier database (every migration applied) of `records` records, built with prepared
 * inserts in one transaction and checkpointed, so the file alone holds everything. With
 * `walRecords`, that many more posts are committed afterwards and left in the -wal file, as a
 * stopped app would leave them.
 */
export function buildDatabase(dir: string, opts: BuildOptions): string {
  const rand = prng(opts.seed ?? 16);
  const file = path.join(dir, opts.name ?? 'atelier.db');
  const work = `${file}.building`;
  const { db } = openDatabase(work, migrationsDir);
  try {
    fill(db, rand, opts.records);
    db.pragma('wal_checkpoint(TRUNCATE)');
    if (opts.walRecords) {
      db.pragma('wal_autocheckpoint = 0');
      // In commits of 100: damage in the middle of the -wal keeps the commits before it.
      for (let done = 0; done < opts.walRecords; done += 100) {
        const n = Math.min(100, opts.walRecords - done);
        db.transaction(() => insertRecords(db, rand, 'posts', n, opts.records + done))();
      }
      // A copy taken while the connection is open keeps the un-checkpointed -wal file.
      fs.copyFileSync(work, file);
      fs.copyFileSync(`${work}-wal`, `${file}-wal`);
    }
  } finally {
    db.close();
  }
  if (opts.walRecords) fs.rmSync(work);
  else fs.renameSync(work, file);
  return file;
}

export type DamageKind = 'header' | 'middle' | 'index-page' | 'wal' | 'truncate' | 'zero' | 'newer-schema';

export interface DamageOptions {
  seed?: number;
  /** `middle`: byte offsets of the blocks (default: at 30 %, 55 % and 80 % of the file). */
  offsets?: number[];
  /** `middle`: bytes in each block (default 8 KiB). */
  length?: number;
  /** `index-page`: which index loses a page (default posts_updated). */
  index?: string;
}

export interface Damage {
  kind: DamageKind;
  /** Byte ranges of the database file (not the -wal) that were overwritten or cut away. */
  ranges: { offset: number; length: number }[];
  /** The page overwritten by `index-page`. */
  page?: number;
}

function overwrite(file: string, offset: number, bytes: Buffer): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    fs.closeSync(fd);
  }
}

function randomBytes(rand: Rand, n: number): Buffer {
  return Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));
}

/** A leaf page of the index near the middle of its pages, found with the dbstat table. */
function indexPage(file: string, index: string): { page: number; pageSize: number } {
  const db = new Database(file, { readonly: true });
  try {
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    const pages = db
      .prepare(`SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno`)
      .all(index) as { pageno: number }[];
    const middle = pages[Math.floor(pages.length / 2)];
    if (!middle) throw new Error(`index ${index} has no leaf page in ${file}`);
    return { page: middle.pageno, pageSize };
  } finally {
    db.close();
  }
}

/** A schema step this version does not know, as a newer Atelier would have recorded it. */
function newerSchema(file: string): void {
  const db = new Database(file);
  try {
    db.exec(`CREATE TABLE future_things (id TEXT PRIMARY KEY, data TEXT NOT NULL) STRICT;
      ALTER TABLE posts ADD COLUMN future_note TEXT;
      INSERT INTO schema_migrations (id, name, checksum, applied_at)
        VALUES (999, 'from_the_future', 'unknown', '2030-01-01T00:00:00.000Z');`);
  } finally {
    db.close();
  }
}

/** Damage a database built by buildDatabase in a named way; the same seed gives the same bytes. */
export function damage(file: string, kind: DamageKind, opts: DamageOptions = {}): Damage {
  const rand = prng(opts.seed ?? 7);
  const size = fs.statSync(file).size;
  switch (kind) {
    case 'header':
      overwrite(file, 0, randomBytes(rand, 100));
      return { kind, ranges: [{ offset: 0, length: 100 }] };
    case 'middle': {
      const offsets = opts.offsets ?? [0.3, 0.55, 0.8].map((f) => Math.floor(size * f));
      const length = opts.length ?? 8192;
      for (const offset of offsets) overwrite(file, offset, randomBytes(rand, length));
      return { kind, ranges: offsets.map((offset) => ({ offset, length })) };
    }
    case 'index-page': {
      const { page, pageSize } = indexPage(file, opts.index ?? 'posts_updated');
      overwrite(file, (page - 1) * pageSize, randomBytes(rand, pageSize));
      return { kind, ranges: [{ offset: (page - 1) * pageSize, length: pageSize }], page };
    }
    case 'wal': {
      const wal = `${file}-wal`;
      const walSize = fs.statSync(wal).size;
      // Past the 32-byte WAL header, in the middle of the frames: the frames before stay valid.
      overwrite(wal, Math.floor(walSize / 2), randomBytes(rand, 4096));
      fs.appendFileSync(wal, randomBytes(rand, 5000));
      return { kind, ranges: [] };
    }
    case 'truncate':
      fs.truncateSync(file, Math.floor(size / 2));
      return { kind, ranges: [{ offset: Math.floor(size / 2), length: size - Math.floor(size / 2) }] };
    case 'zero':
      fs.truncateSync(file, 0);
      return { kind, ranges: [{ offset: 0, length: size }] };
    case 'newer-schema':
      newerSchema(file);
      return { kind, ranges: [] };
  }
}
