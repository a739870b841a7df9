import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { z } from 'zod';

// SQLite work on a worker thread, so a long read (a check of a large file) never blocks the app.
// The worker is plain CommonJS evaluated in place — no separate bundle entry to ship — and loads
// the same better-sqlite3 the app does, by absolute path. `body` is the inside of an async
// function of (Database, data) that returns what the worker answers.

const Answer = z.union([
  z.object({ value: z.unknown() }),
  z.object({ error: z.object({ message: z.string(), code: z.string().optional() }) }),
  z.object({ unavailable: z.literal(true) }),
]);

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

// The answer goes to the parent twice: on parentPort for the async listener, and on a private
// port with a shared flag raised, so the parent can also wait for it synchronously for a while.
const source = (body: string) => `
const { parentPort, workerData } = require('node:worker_threads');
const answer = (message) => {
  workerData.port.postMessage(message);
  parentPort.postMessage(message);
  Atomics.store(workerData.flag, 0, 1);
  Atomics.notify(workerData.flag, 0);
  workerData.port.close();
};
let Database;
try {
  Database = require(workerData.module);
} catch {
  answer({ unavailable: true });
}
if (Database) Promise.resolve()
  .then(() => (async function (Database, data) {${body}})(Database, workerData.data))
  .then(
    (value) => answer({ value }),
    (e) => {
      const code = e && typeof e.code === 'string' ? e.code : undefined;
      answer({ error: { message: String(e && e.message), code } });
    },
  );`;

/** What the work came to, when it came within a wait. */
export type Settled = { value: unknown } | { error: unknown };

export interface WorkerRun {
  result: Promise<unknown>;
  cancel(): Promise<void>;
  /** Block this thread up to `ms` for the answer; null when it is still running (it goes on). */
  waitUpTo(ms: number): Settled | null;
}

function inThreadNow(inThread: () => unknown): Settled {
  try {
    return { value: inThread() };
  } catch (e) {
    return { error: e };
  }
}

/**
 * Run `body` on a worker thread; `inThread` does the same work here (it may return a promise)
 * when no worker can load SQLite (a packaging that does not allow it), so the answer comes either way.
 */
export function runSqliteWorker(body: string, data: Record<string, unknown>, inThread: () => unknown): WorkerRun {
  const module = sqliteModulePath();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const channel = new MessageChannel();
  let worker: Worker | null = null;
  try {
    if (module)
      worker = new Worker(source(body), {
        eval: true,
        workerData: { module, data, flag, port: channel.port2 },
        transferList: [channel.port2],
      });
  } catch {
    worker = null;
  }
  if (!worker) {
    channel.port1.close();
    let settled: Settled | null = null;
    const result = new Promise((resolve) => setImmediate(resolve)).then(() => {
      settled ??= inThreadNow(inThread);
      if ('error' in settled) throw settled.error;
      return settled.value;
    });
    return { result, cancel: async () => undefined, waitUpTo: () => (settled ??= inThreadNow(inThread)) };
  }
  const w = worker;
  let settled: Settled | null = null;
  let settle: (s: Settled) => void = () => undefined;
  const result = new Promise<unknown>((resolve, reject) => {
    settle = (s) => {
      settled ??= s;
      channel.port1.close();
      if ('error' in settled) reject(settled.error);
      else resolve(settled.value);
    };
    w.once('message', (raw: unknown) => settle(settledOf(raw, inThread)));
    // The worker could not start SQLite: do it here instead.
    w.once('error', () => settle(inThreadNow(inThread)));
    w.once('exit', (code) => {
      if (code !== 0) settle({ error: new WorkerError('The work was stopped.') });
    });
  });
  const waitUpTo = (ms: number): Settled | null => {
    if (settled) return settled;
    Atomics.wait(flag, 0, 0, ms);
    const message = receiveMessageOnPort(channel.port1);
    if (!message) return null;
    settle(settledOf(message.message, inThread));
    return settled;
  };
  return { result, cancel: async () => void (await w.terminate()), waitUpTo };
}

function settledOf(raw: unknown, inThread: () => unknown): Settled {
  const answer = Answer.safeParse(raw);
  if (!answer.success) return { error: new WorkerError('The worker answered in an unexpected form.') };
  if ('unavailable' in answer.data) return inThreadNow(inThread);
  if ('error' in answer.data) return { error: new WorkerError(answer.data.error.message, answer.data.error.code) };
  return { value: answer.data.value };
}
