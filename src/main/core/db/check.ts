import { z } from 'zod';
import { isDamageError } from './damage';
import { withReadOnly } from './read-only';
import { runSqliteWorker, WorkerError } from './worker';

export type CheckPragma = 'quick_check' | 'integrity_check';

/** What SQLite's check said: ok, or the first problems it listed (or the error it threw). */
export const CheckResult = z.object({ ok: z.boolean(), problems: z.array(z.string()), damaged: z.boolean() });
export type CheckResult = z.infer<typeof CheckResult>;

const MAX_PROBLEMS = 20;
const Lines = z.array(z.string());

/** SQLite's answer lines as a result: exactly "ok", or the problems. */
export function resultOf(lines: string[]): CheckResult {
  const ok = lines.length === 1 && lines[0] === 'ok';
  return { ok, problems: ok ? [] : lines.slice(0, MAX_PROBLEMS), damaged: !ok };
}

function failedWith(e: unknown): CheckResult {
  return { ok: false, problems: [e instanceof Error ? e.message : String(e)], damaged: isDamageError(e) };
}

/** Run the check on its own read-only connection, here and now (it blocks until done). */
export function checkNow(file: string, pragma: CheckPragma): CheckResult {
  try {
    return resultOf(
      withReadOnly(file, (db) =>
        (db.pragma(pragma) as unknown[]).map((r) =>
          String(Object.values(z.record(z.string(), z.unknown()).parse(r))[0]),
        ),
      ),
    );
  } catch (e) {
    return failedWith(e);
  }
}

export interface BackgroundCheck {
  result: Promise<CheckResult>;
  /** Stop it (the app is closing). */
  cancel(): Promise<void>;
  /** Block this thread up to `ms` for the answer; null while it still runs (it goes on). */
  waitUpTo(ms: number): CheckResult | null;
}

const CHECK_BODY = `
  const db = new Database(data.file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma(data.pragma).map((r) => String(Object.values(r)[0]));
  } finally {
    db.close();
  }`;

const STOPPED: CheckResult = { ok: false, problems: ['The work was stopped.'], damaged: false };

function answerOf(value: unknown): CheckResult {
  const parsed = CheckResult.safeParse(value);
  if (parsed.success) return parsed.data; // answered here, by checkNow
  const lines = Lines.safeParse(value);
  return lines.success ? resultOf(lines.data) : failedWith(new Error('The check answered in an unexpected form.'));
}

const errorOf = (e: unknown): CheckResult =>
  e instanceof WorkerError && e.message === STOPPED.problems[0] ? STOPPED : failedWith(e);

/** The same check on a worker thread, so a large file never blocks the app. */
export function checkInBackground(file: string, pragma: CheckPragma): BackgroundCheck {
  const run = runSqliteWorker(CHECK_BODY, { file, pragma }, () => checkNow(file, pragma));
  const result = run.result.then(answerOf, errorOf);
  const waitUpTo = (ms: number): CheckResult | null => {
    const settled = run.waitUpTo(ms);
    if (!settled) return null;
    return 'error' in settled ? errorOf(settled.error) : answerOf(settled.value);
  };
  return { result, cancel: run.cancel, waitUpTo };
}
