import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export interface RecoverOutcome {
  ok: boolean;
  /** Why it did not work, or what went wrong on the way, in words for the log. */
  reason?: string;
}

function exited(child: ChildProcess): Promise<{ code: number | null; error?: Error }> {
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });
}

function collect(child: ChildProcess): () => string {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (text.length < 4000) text += chunk.toString('utf8');
  });
  return () => text.trim().split('\n')[0] ?? '';
}

/**
 * Run `sqlite3 <source> .recover` and load what it prints into a new database with a second
 * sqlite3, streaming (the SQL can be larger than memory). .recover must succeed: a tool built
 * without the pages table it reads fails here, and the caller walks rows instead. The loader goes
 * on past a statement that fails (a recovered row that breaks a constraint) and only says so.
 */
export async function recoverWithCli(
  bin: string,
  source: string,
  out: string,
  timeoutMs: number,
): Promise<RecoverOutcome> {
  const recover = spawn(bin, [source, '.recover'], { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  const load = spawn(bin, [out], { stdio: ['pipe', 'ignore', 'pipe'], windowsHide: true });
  const recoverError = collect(recover);
  const loadError = collect(load);
  const stop = () => {
    recover.kill('SIGKILL');
    load.kill('SIGKILL');
    load.stdin.destroy();
  };
  load.stdin.on('error', () => undefined); // the loader may stop early; its exit code says so
  recover.once('error', stop); // the tool is missing: nothing will ever reach the loader
  load.once('error', stop);
  recover.stdout.pipe(load.stdin);
  const timer = setTimeout(stop, timeoutMs);
  try {
    const [r, l] = await Promise.all([exited(recover), exited(load)]);
    if (r.error || l.error)
      return { ok: false, reason: `sqlite3 could not be started (${(r.error ?? l.error)?.message ?? 'unknown'})` };
    if (r.code !== 0)
      return { ok: false, reason: `sqlite3 .recover failed (${recoverError() || `exit ${r.code ?? 'killed'}`})` };
    if (!fs.existsSync(out))
      return {
        ok: false,
        reason: `sqlite3 .recover produced nothing (${loadError() || `exit ${l.code ?? 'killed'}`})`,
      };
    return l.code === 0
      ? { ok: true }
      : { ok: true, reason: `some recovered rows could not be loaded (${loadError()})` };
  } finally {
    clearTimeout(timer);
  }
}
