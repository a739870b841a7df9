import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';

// SQLite work on a worker thread, so a long read (a check of a large file) never blocks the app.
// The worker is plain CommonJS evaluated in place — no separate bundle entry to ship — and loads
// the same better-sqlite3 the app does, by absolute path. `body` is the inside of an async
// function of (Database, data) that returns what the worker answers.

const Answer = z.union([z.object({ value: z.unknown() }), z.object({ error: z.object({ message: z.string(), code: z.string().optional() }) })]);

/** An error the worker threw, with SQLite's code kept (so damage is recognised). */
export class WorkerError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'WorkerError';
  }
}

let sqliteModule: string | null | undefined;
function sqliteModulePath(): string | null {
  try {
    sqliteModule ??= createRequire(__filename).resolve('better-sqlite3');
  } catch {
    sqliteModule = null;
  }
  return sqliteModule;
}

const source = (body: string) => `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
Promise.resolve()
  .then(() => (async function (Database, data) {${body}})(Database, workerData.data))
  .then(
    (value) => parentPort.postMessage({ value }),
    (e) => parentPort.postMessage({ error: { message: String(e && e.message), code: e && typeof e.code === 'string' ? e.code : undefined } }),
  );`;

export interface WorkerRun {
  result: Promise<unknown>;
  cancel(): Promise<void>;
}

/**
 * Run `body` on a worker thread; `inThread` does the same work here (it may return a promise)
 * when no worker can load SQLite (a packaging that does not allow it), so the answer comes either way.
 */
export function runSqliteWorker(body: string, data: Record<string, unknown>, inThread: () => unknown): WorkerRun {
  const module = sqliteModulePath();
  let worker: Worker | null = null;
  try {
    if (module) worker = new Worker(source(body), { eval: true, workerData: { module, data } });
  } catch {
    worker = null;
  }
  if (!worker) return { result: new Promise((resolve) => setImmediate(resolve)).then(inThread), cancel: async () => undefined };
  const w = worker;
  const result = new Promise<unknown>((resolve, reject) => {
    w.once('message', (raw: unknown) => {
      const answer = Answer.safeParse(raw);
      if (!answer.success) return reject(new WorkerError('The worker answered in an unexpected form.'));
      if ('error' in answer.data) return reject(new WorkerError(answer.data.error.message, answer.data.error.code));
      resolve(answer.data.value);
    });
    // The worker could not start SQLite: do it here instead.
    w.once('error', () => {
      try {
        resolve(inThread());
      } catch (e) {
        reject(e);
      }
    });
    w.once('exit', (code) => {
      if (code !== 0) reject(new WorkerError('The work was stopped.'));
    });
  });
  return { result, cancel: async () => void (await w.terminate()) };
}
