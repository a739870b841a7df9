/**
 * An asynchronous AI job survives the app being killed: a core process submits a job to a
 * platform that answers "accepted" with a job id, and is SIGKILLed (a) while it polls, and (b)
 * right after the accepted answer, before its first question. A new core process on the same
 * data folder resumes asking with the stored id; the job completes and the platform saw exactly
 * one submission. The platform lives in this process, so it outlives the killed ones.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { pngBase64, startAsyncPlatform, type AsyncPlatform } from '../../src/main/core/ai/test-async-platform';
import type { AiJobDetail } from '../../src/shared/ai';
import { tempDirs } from '../support/temp-dirs';

const root = path.resolve(__dirname, '../..');
const childScript = path.join(__dirname, 'ai-poll-child.ts');
/** A child that neither finishes nor is killed by its case within this time is a failure. */
const CHILD_LIMIT_MS = 30_000;

interface ChildRun {
  lines: Record<string, unknown>[];
  signal: NodeJS.Signals | null;
  code: number | null;
  output: string;
}

/** Run one core process (Node with the tsx loader, so there is exactly one process to kill). */
function runChild(args: string[], killWhen?: () => boolean): Promise<ChildRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const limit = setTimeout(() => child.kill('SIGKILL'), CHILD_LIMIT_MS);
  const watch = killWhen
    ? setInterval(() => {
        if (killWhen()) child.kill('SIGKILL');
      }, 5)
    : undefined;
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      clearInterval(watch);
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      resolve({ lines, signal, code, output: `${stdout}\n${stderr}` });
    });
  });
}

function submittedId(run: ChildRun): string {
  const id = run.lines.find((l) => typeof l.submitted === 'string')?.submitted;
  if (typeof id !== 'string') throw new Error(`the child submitted nothing:\n${run.output}`);
  return id;
}

function jobRow(dbFile: string, id: string): { state: string; remote_job_id: string | null; integrity: string } {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT state, remote_job_id FROM ai_jobs WHERE id = ?').get(id) as {
      state: string;
      remote_job_id: string | null;
    };
    return { ...row, integrity: String(db.pragma('integrity_check', { simple: true })) };
  } finally {
    db.close();
  }
}

const tempDir = tempDirs('ai-poll-crash');
let platform: AsyncPlatform | undefined;
afterEach(async () => {
  await platform?.close();
  platform = undefined;
});

/** The job ended in a new process on the same folder: succeeded with its image, never submitted again. */
async function restartAndFinish(p: AsyncPlatform, dataDir: string, id: string): Promise<AiJobDetail> {
  p.finish = { state: 'done', result: { images: [{ b64: await pngBase64(6, 4) }] } };
  const before = p.polls('job-1');
  const again = await runChild(['--data', dataDir, '--platform', p.url, '--wait', id]);
  expect(again.code, again.output).toBe(0);
  const job = again.lines.find((l) => l.ended)?.ended as AiJobDetail | undefined;
  expect(job, again.output).toMatchObject({ id, state: 'succeeded', remoteJobId: 'job-1' });
  expect(job?.outputs.map((o) => [o.kind, o.width, o.height])).toEqual([['image', 6, 4]]);
  expect(p.polls('job-1')).toBeGreaterThan(before);
  expect(p.polls()).toBe(p.polls('job-1')); // never another id
  return job as AiJobDetail;
}

describe('the app is killed while an asynchronous job is under way', () => {
  it('killed while polling: a new process resumes with the stored id, one submission', async () => {
    const p = (platform = await startAsyncPlatform());
    const dataDir = tempDir();
    const first = await runChild(
      ['--data', dataDir, '--platform', p.url, '--submit', 'killed while polling'],
      () => p.polls('job-1') >= 2,
    );
    expect(first.signal, first.output).toBe('SIGKILL');
    const id = submittedId(first);
    expect(p.submissions()).toBe(1);
    expect(jobRow(path.join(dataDir, 'atelier.db'), id)).toEqual({
      state: 'running',
      remote_job_id: 'job-1',
      integrity: 'ok',
    });

    await restartAndFinish(p, dataDir, id);
    expect(p.submissions()).toBe(1);
  }, 60_000);

  it(
    'killed right after the accepted answer, before any question: ' +
      'a new process asks with the stored id, one submission',
    async () => {
      const p = (platform = await startAsyncPlatform());
      const dataDir = tempDir();
      const first = await runChild([
        '--data',
        dataDir,
        '--platform',
        p.url,
        '--submit',
        'killed after accepted',
        '--die-before-poll',
      ]);
      expect(first.signal, first.output).toBe('SIGKILL');
      const id = submittedId(first);
      expect(p.submissions()).toBe(1);
      expect(p.polls()).toBe(0);
      expect(jobRow(path.join(dataDir, 'atelier.db'), id)).toEqual({
        state: 'running',
        remote_job_id: 'job-1',
        integrity: 'ok',
      });

      await restartAndFinish(p, dataDir, id);
      expect(p.submissions()).toBe(1);
    },
    60_000,
  );
});
