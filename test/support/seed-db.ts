import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { z } from 'zod';
import type { Db } from '../../src/main/core/db/open';
import { prng } from './prng';

/** The account seeded records belong to. */
export const SEED_ACCOUNT = 'acct-seed';

export interface Seeded {
  assets: number;
  posts: number;
  /** Records that also have an outbox entry (a create not yet sent). */
  pending: number;
}

/**
 * Fill a database with real-looking records fast: raw rows in one transaction, half assets (with
 * media hashes) and half posts; every `pendingEvery`-th record also gets its outbox entry. The
 * tables' triggers fill tags and full-text as usual.
 */
export function seedRecords(
  db: Db,
  count: number,
  opts: { now: number; prefix?: string; pendingEvery?: number; seed?: number; account?: string } = { now: Date.now() },
): Seeded {
  const rand = prng(opts.seed ?? 1);
  const prefix = opts.prefix ?? 'seed';
  const every = opts.pendingEvery ?? 10;
  const account = opts.account ?? SEED_ACCOUNT;
  const asset = db.prepare(
    "INSERT INTO assets (id, account_id, data, created_at, updated_at, sync_state) VALUES (?, ?, ?, ?, ?, 'synced')",
  );
  const post = db.prepare(
    'INSERT INTO posts (id, account_id, data, created_at, updated_at, sync_state) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const outbox = db.prepare(
    'INSERT INTO outbox (account_id, grp, record_id, op, payload, idempotency_key, created_at, updated_at) VALUES ' +
      "(?, 'posts', ?, 'create', ?, ?, ?, ?)",
  );
  const out: Seeded = { assets: 0, posts: 0, pending: 0 };
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = opts.now - (count - i) * 1000;
      if (i % 2 === 0) {
        const sha = crypto.createHash('sha256').update(`${prefix}-${i}`).digest('hex');
        const data = {
          name: `${prefix} asset ${i}.png`,
          kind: 'image',
          sha256: sha,
          size_bytes: Math.floor(rand() * 1e6),
          tags: [`t${i % 7}`],
        };
        asset.run(`${prefix}-a-${i}`, account, JSON.stringify(data), at, at);
        out.assets++;
        continue;
      }
      const pending = i % every === 1;
      const data = { text: `${prefix} post ${i}: ${'words '.repeat(1 + Math.floor(rand() * 30))}`, status: 'draft' };
      post.run(`${prefix}-p-${i}`, account, JSON.stringify(data), at, at, pending ? 'pending' : 'synced');
      if (pending) {
        outbox.run(account, `${prefix}-p-${i}`, JSON.stringify(data), crypto.randomUUID(), at, at);
        out.pending++;
      }
      out.posts++;
    }
  })();
  return out;
}

const PageRow = z.object({ pageno: z.number().int() });

/** Page numbers (1-based) of a table or index, read from SQLite's dbstat on a copy that is not open elsewhere. */
export function pagesOf(file: string, name: string): number[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype IN ('internal', 'leaf') ORDER BY pageno")
      .all(name)
      .map((r) => PageRow.parse(r).pageno);
  } finally {
    db.close();
  }
}

/** Overwrite `length` bytes at `offset` with seeded random bytes. */
export function scribble(file: string, offset: number, length: number, seed: number): void {
  const rand = prng(seed);
  const bytes = Buffer.from(Array.from({ length }, () => Math.floor(rand() * 256)));
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, bytes, 0, length, offset);
  } finally {
    fs.closeSync(fd);
  }
}

export const sha256Of = (file: string) =>
  fs.existsSync(file) ? crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex') : null;

/** Random bytes over three pages of the posts table, at 30, 60 and 90 % of its pages. */
export function damagePosts(file: string): void {
  const pages = pagesOf(file, 'posts');
  for (const at of [0.3, 0.6, 0.9])
    scribble(file, ((pages[Math.floor(pages.length * at)] ?? 2) - 1) * 4096, 4096, Math.round(at * 100));
}
