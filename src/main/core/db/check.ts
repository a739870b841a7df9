import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { isDamageError } from './damage';
import { withReadOnly } from './read-only';

export type CheckPragma = 'quick_check' | 'integrity_check';

/** What SQLite's check said: ok, or the first problems it listed (or the error it threw). */
export const CheckResult = z.object({ ok: z.boolean(), problems: z.array(z.string()), damaged: z.boolean() });
export type CheckResult = z.infer<typeof CheckResult>;

const MAX_PROBLEMS = 20;
const CheckRow = z.record(z.string(), z.string());

/** Run the check on its own read-only connection, here and now (it blocks until done). */
export function checkNow(file: string, pragma: CheckPragma): CheckResult {
  try {
    const lines = withReadOnly(file, (db) => db.pragma(pragma, { simple: false }) as unknown[]).map((r) => CheckRow.parse(r)[pragma] ?? '');
    const ok = lines.length === 1 && lines[0] === 'ok';
    return { ok, problems: ok ? [] : lines.slice(0, MAX_PROBLEMS), damaged: !ok };
  } catch (e) {
    return { ok: false, problems: [e instanceof Error ? e.message : String(e)], damaged: isDamageError(e) };
  }
}

// The worker is plain CommonJS evaluated in place: no separate bundle entry to ship. It loads the
// same better-sqlite3 the app does, by absolute path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  const rows = db.pragma(workerData.pragma);
  parentPort.postMessage({ lines: rows.map((r) => String(Object.values(r)[0])) });
} catch (e) {
  parentPort.postMessage({ error: { message: String(e && e.message), code: e && e.code } });
} finally {
  if (db) db.close();
}`;

const WorkerAnswer = z.union([
  z.object({ lines: z.array(z.string()) }),
  z.object({ error: z.object({ message: z.string(), code: z.string().optional() }) }),
]);

let sqliteModule: string | null | undefined;
function sqliteModulePath(): string | null {
  try {
    sqliteModule ??= createRequire(__filename).resolve('better-sqlite3');
  } catch {
    sqliteModule = null;
  }
  return sqliteModule;
}

export interface BackgroundCheck {
  result: Promise<CheckResult>;
  /** Stop it (the app is closing). */
  cancel(): Promise<void>;
}

/**
 * Run the check on a worker thread so a large file never blocks the app. Where a worker cannot
 * load SQLite (a packaging that does not allow it), the check runs here instead, once.
 */
export function checkInBackground(file: string, pragma: CheckPragma): BackgroundCheck {
  const module = sqliteModulePath();
  let worker: Worker | null = null;
  try {
    if (module) worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, pragma, module } });
  } catch {
    worker = null;
  }
  if (!worker) return { result: new Promise((resolve) => setImmediate(() => resolve(checkNow(file, pragma)))), cancel: async () => undefined };
  const w = worker;
  const result = new Promise<CheckResult>((resolve) => {
    w.once('message', (raw: unknown) => {
      const answer = WorkerAnswer.safeParse(raw);
      if (!answer.success) return resolve({ ok: false, problems: ['The check answered in an unexpected form.'], damaged: false });
      if ('error' in answer.data) {
        const { message, code } = answer.data.error;
        return resolve({ ok: false, problems: [message], damaged: isDamageError({ code }) });
      }
      const { lines } = answer.data;
      const ok = lines.length === 1 && lines[0] === 'ok';
      resolve({ ok, problems: ok ? [] : lines.slice(0, MAX_PROBLEMS), damaged: !ok });
    });
    // The worker could not start SQLite: check here instead.
    w.once('error', () => resolve(checkNow(file, pragma)));
    w.once('exit', (code) => {
      if (code !== 0) resolve({ ok: false, problems: ['The check was stopped.'], damaged: false });
    });
  });
  return { result, cancel: async () => void (await w.terminate()) };
}
