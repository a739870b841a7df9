import fs from 'node:fs';
import type { CheckResult } from '../db/check';
import type { Db } from '../db/open';
import { runSqliteWorker } from '../db/worker';
import { type CopyFacts, parseSettled, SETTLE_AND_CHECK_BODY, settleAndCheck, settleData } from './copy-facts';
import { pacedProgress } from './pacing';

// A checked copy of the live database. On a worker thread, its own read-only connection copies
// every page in one step of SQLite's online backup: one read transaction, so one consistent
// snapshot, while the app goes on writing to the WAL beside it — nothing of the copy runs on the
// app's thread. Where no worker can load SQLite, the app's own connection copies in short paced
// steps instead (see pacing.ts).

const COPY_BODY = `
  const source = new Database(data.source, { readonly: true, fileMustExist: true });
  try {
    // The first step only starts the backup; the next copies every page at once.
    await source.backup(data.file, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  ${SETTLE_AND_CHECK_BODY}`;

export interface CopyRun {
  result: Promise<{ facts: CopyFacts; check: CheckResult }>;
  cancel(): Promise<void>;
}

/** The paced copy on the app's own connection, then the facts and check here. */
async function copyHere(db: Db, target: string): Promise<{ facts: CopyFacts; check: CheckResult }> {
  const copy = await fs.promises.open(target, 'r+');
  try {
    await db.backup(target, { progress: pacedProgress(copy) });
    await copy.datasync();
  } finally {
    await copy.close();
  }
  return settleAndCheck(target);
}

/** Copy `db` into `target` (an empty file), make it self-contained, read its facts and check it. */
export function copyDatabase(db: Db, target: string): CopyRun {
  if (db.memory) return { result: copyHere(db, target), cancel: async () => undefined };
  const run = runSqliteWorker(COPY_BODY, { ...settleData(target), source: db.name }, () => copyHere(db, target));
  return { result: run.result.then(parseSettled), cancel: run.cancel };
}
