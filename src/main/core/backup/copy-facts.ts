import Database from 'better-sqlite3';
import { z } from 'zod';
import { resourceGroups, type ResourceGroup } from '../../../shared/profile';
import { AI_FILES_SQL } from '../ai/job-store';
import { checkNow, resultOf, type CheckResult } from '../db/check';
import { type Db, SCHEMA_VERSION_SQL, schemaVersion } from '../db/open';
import { ASSET_FILES_SQL, countLiveAssets, LIVE_ASSETS_SQL } from '../library/library-sql';
import { countLiveAutomations, LIVE_AUTOMATIONS_SQL } from '../planning/automations/automations-sql';
import { countLiveQueueItems, LIVE_QUEUE_SQL } from '../planning/media-queue-sql';
import { countLivePlans, LIVE_PLANS_SQL } from '../planning/plans-sql';
import { countLivePosts, LIVE_POSTS_SQL } from '../planning/posts-sql';
import { countLiveRecords, liveRecordsSql } from '../store/record-store';

// Facts read from a fresh copy (never from the live database, so they describe the copy exactly),
// and SQLite's integrity_check of it. For a large copy this runs on a worker thread.

// Every column that names a stored file (library files and thumbnails, AI inputs, results and
// posters), each part from its table's owner.
const MEDIA_SQL = `${ASSET_FILES_SQL}\n  UNION ${AI_FILES_SQL}`;

/** Live records per group, counted by each table's owner (the generic count for groups with no owner of their own). */
const generic = (group: ResourceGroup) => ({
  sql: liveRecordsSql(group),
  count: (db: Db) => countLiveRecords(db, group),
});
const BY_GROUP: Record<ResourceGroup, { sql: string; count: (db: Db) => number }> = {
  assets: { sql: LIVE_ASSETS_SQL, count: countLiveAssets },
  automations: { sql: LIVE_AUTOMATIONS_SQL, count: countLiveAutomations },
  contentPlans: { sql: LIVE_PLANS_SQL, count: countLivePlans },
  creatives: generic('creatives'),
  mediaQueue: { sql: LIVE_QUEUE_SQL, count: countLiveQueueItems },
  mediaTemplates: generic('mediaTemplates'),
  posts: { sql: LIVE_POSTS_SQL, count: countLivePosts },
};
const COUNTERS = resourceGroups.map((g) => BY_GROUP[g]);
// The worker cannot import the owners: it gets their texts.
const COUNT_SQLS = COUNTERS.map((c) => c.sql);

export const CopyFacts = z.object({
  media: z.array(z.string().regex(/^[a-f0-9]{64}$/)),
  records: z.number().int().nonnegative(),
  /** Schema steps applied in the copy. */
  schemaVersion: z.number().int().nonnegative(),
  /** Why the media list could not be read (an older schema, say); the backup is still good. */
  mediaProblem: z.string().nullable(),
});
export type CopyFacts = z.infer<typeof CopyFacts>;

/**
 * Make the copy a single self-contained file (rollback journal instead of WAL, so no -wal/-shm
 * travel with it), then read the media it refers to and how many live records it holds.
 */
export function settleCopy(file: string): CopyFacts {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    let media: string[] = [];
    let mediaProblem: string | null = null;
    try {
      media = db
        .prepare(MEDIA_SQL)
        .pluck()
        .all()
        .filter((s): s is string => typeof s === 'string' && /^[a-f0-9]{64}$/.test(s));
    } catch (e) {
      mediaProblem = e instanceof Error ? e.message : String(e);
    }
    let records = 0;
    for (const counter of COUNTERS) {
      try {
        records += counter.count(db);
      } catch {
        // A group this copy's schema does not have yet.
      }
    }
    return { media, records, schemaVersion: schemaVersion(db), mediaProblem };
  } finally {
    db.close();
  }
}

/** The same, then integrity_check, here and now. */
export function settleAndCheck(file: string): { facts: CopyFacts; check: CheckResult } {
  const facts = settleCopy(file);
  return { facts, check: checkNow(file, 'integrity_check') };
}

// The worker's copy of settleCopy and the check (a worker cannot import this module): the inside
// of an async function of (Database, data) with data.file, data.mediaSql, data.countSqls
// and data.schemaSql.
export const SETTLE_AND_CHECK_BODY = `
  let facts;
  const db = new Database(data.file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    let media = [];
    let mediaProblem = null;
    try {
      media = db.prepare(data.mediaSql).pluck().all().filter((s) => typeof s === 'string' && /^[a-f0-9]{64}$/.test(s));
    } catch (e) {
      mediaProblem = String(e && e.message);
    }
    let records = 0;
    for (const sql of data.countSqls) {
      try { records += Number(db.prepare(sql).pluck().get()); } catch (e) {}
    }
    const schemaVersion = Number(db.prepare(data.schemaSql).pluck().get());
    facts = { media, records, schemaVersion, mediaProblem };
  } finally {
    db.close();
  }
  const check = new Database(data.file, { readonly: true, fileMustExist: true });
  try {
    return { facts, lines: check.pragma('integrity_check').map((r) => String(Object.values(r)[0])) };
  } finally {
    check.close();
  }`;

export const settleData = (file: string) => ({
  file,
  mediaSql: MEDIA_SQL,
  countSqls: COUNT_SQLS,
  schemaSql: SCHEMA_VERSION_SQL,
});

const WorkerAnswer = z.object({ facts: CopyFacts, lines: z.array(z.string()) });
const InThread = z.object({
  facts: CopyFacts,
  check: z.object({ ok: z.boolean(), problems: z.array(z.string()), damaged: z.boolean() }),
});

/** A settle-and-check answer, from the worker (facts and the check's lines) or from this thread. */
export function parseSettled(value: unknown): { facts: CopyFacts; check: CheckResult } {
  const here = InThread.safeParse(value);
  if (here.success) return here.data;
  const answer = WorkerAnswer.parse(value);
  return { facts: answer.facts, check: resultOf(answer.lines) };
}
