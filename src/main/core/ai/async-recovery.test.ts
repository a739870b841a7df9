// Asynchronous jobs that must not lose a paid result or be submitted twice: an accepted answer
// whose job id Atelier cannot find (fails naming the field, then resumes once the id is taught),
// 5xx answers while polling, a restart after the deadline, and Retry of an accepted job.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { call, coreWithSandbox } from '../../../../test/support/core-with-sandbox';
import { asyncPlatform, cleanupAfterEach, connectedCore, ended, submitPrompt, until } from './test-async-core';
import { pngBase64, type AsyncPlatform } from './test-async-platform';

const cleanup = cleanupAfterEach();
const platform = () => asyncPlatform(cleanup);

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-async-recovery-'));
  cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const done = async () => ({ state: 'done' as const, result: { images: [{ b64: await pngBase64() }] } });

describe('an accepted answer without a job id Atelier can find', () => {
  it(
    'fails naming ai.<op>.response.jobId with the answer kept; ' +
      'teaching the id resumes polling: one submission, the result arrives',
    async () => {
      const p = await platform();
      p.submitAnswer = () => ({ status: 202, body: { ticket: { ref: 'tk-77' }, state: 'queued' } });
      const h = await connectedCore(cleanup, p.url);
      const id = await submitPrompt(h, 'where is my id');
      const failed = await ended(h, id);
      expect(failed.state).toBe('failed');
      expect(failed.error).toMatchObject({
        code: 'validation',
        message:
          'The platform accepted the job, but its answer has no job id at "job.id" ' +
          '(ai.text2image.response.jobId), so Atelier cannot ask for the result.',
        hint: expect.stringMatching(/may still finish it, and bill it.*without submitting it again/),
      });
      expect(failed).toMatchObject({ unknownShape: true, remoteJobId: null, outputs: [] });
      expect(failed.provenance.response).toEqual({ ticket: { ref: 'tk-77' }, state: 'queued' });
      expect(p.polls()).toBe(0);

      // Only the id can be taught from a job that failed for want of it.
      await expect(call(h, 'ai.teachPreview', { jobId: id, role: 'media', path: 'ticket.ref' })).rejects.toThrow(
        /conflict This job failed before its result arrived/,
      );
      await expect(call(h, 'ai.teachPreview', { jobId: id, role: 'jobId', path: 'ticket' })).rejects.toThrow(
        /validation "ticket" holds no id/,
      );
      const preview = await call(h, 'ai.teachPreview', { jobId: id, role: 'jobId', path: 'ticket.ref' });
      expect(preview.diff.join('\n')).toContain('"ticket.ref"');

      p.finish = await done();
      const taught = await call(h, 'ai.teachApply', { jobId: id, role: 'jobId', path: 'ticket.ref' });
      expect(taught).toMatchObject({ remoteJobId: 'tk-77', error: null });
      expect(['queued', 'running', 'succeeded']).toContain(taught.state);
      const result = await ended(h, id);
      expect(result).toMatchObject({ state: 'succeeded', unknownShape: false, remoteJobId: 'tk-77' });
      expect(result.outputs).toHaveLength(1);
      expect(p.submissions()).toBe(1);
      expect(p.polls('tk-77')).toBeGreaterThanOrEqual(1);
      expect(p.polls()).toBe(p.polls('tk-77'));
    },
  );
});

describe('5xx while polling', () => {
  it('the job keeps asking with the same id until the platform recovers; no new submission', async () => {
    const p = await platform();
    const h = await connectedCore(cleanup, p.url);
    const id = await submitPrompt(h, 'through a bad patch');
    await until('a poll', () => p.polls('job-1') >= 1);
    p.finish = { raw: { status: 502, body: { error: { message: 'Upstream worker restarting.' } } } };
    const before = p.polls('job-1');
    // Each question is tried 3 times by the client: several questions have failed by now.
    await until('questions answered with 502', () => p.polls('job-1') >= before + 6, 15_000);
    expect((await call(h, 'ai.get', { id })).state).toMatch(/running|queued/);
    p.finish = await done();
    const result = await ended(h, id);
    expect(result.state).toBe('succeeded');
    expect(result.outputs).toHaveLength(1);
    expect(p.submissions()).toBe(1);
  });

  it('5xx until the deadline: failed with the platform’s words as the last answer, nothing more asked', async () => {
    const p = await platform();
    const h = await connectedCore(cleanup, p.url, { deadlineMs: 1_500 });
    const id = await submitPrompt(h, 'never recovers');
    await until('a poll', () => p.polls('job-1') >= 1);
    p.finish = { raw: { status: 503, body: { error: { message: 'Maintenance window.' } } } };
    const failed = await ended(h, id);
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toBe(
      'The platform did not finish the job within 2 s; it may still be billed. ' +
        'The last question got no answer: Maintenance window.',
    );
    const asked = p.polls();
    await new Promise((r) => setTimeout(r, 400));
    expect(p.polls()).toBe(asked);
    expect(p.submissions()).toBe(1);
  });
});

describe('a restart after the deadline', () => {
  async function stoppedPastDeadline(p: AsyncPlatform): Promise<{ dataDir: string; id: string; polls: number }> {
    const dataDir = tempDir();
    const a = await connectedCore(cleanup, p.url, {}, { dataDir, consent: true });
    const id = await submitPrompt(a, 'finished while the app was closed');
    await until('a poll', () => p.polls('job-1') >= 1);
    await a.core.close();
    // The app stayed closed past the job's deadline.
    const db = new Database(path.join(dataDir, 'atelier.db'));
    db.prepare('UPDATE ai_jobs SET poll_deadline_at = ? WHERE id = ?').run(Date.now() - 60_000, id);
    db.close();
    return { dataDir, id, polls: p.polls('job-1') };
  }

  it('asks once before failing: a result that is ready is taken', async () => {
    const p = await platform();
    const { dataDir, id, polls } = await stoppedPastDeadline(p);
    p.finish = await done();
    const b = await coreWithSandbox({ dataDir, consent: true });
    cleanup.push(() => b.stop());
    const result = await ended(b, id);
    expect(result.state).toBe('succeeded');
    expect(result.outputs).toHaveLength(1);
    expect(p.polls('job-1')).toBe(polls + 1);
    expect(p.submissions()).toBe(1);
  });

  it('asks once before failing: a job still running fails then, with nothing more asked', async () => {
    const p = await platform();
    const { dataDir, id, polls } = await stoppedPastDeadline(p);
    const b = await coreWithSandbox({ dataDir, consent: true });
    cleanup.push(() => b.stop());
    const failed = await ended(b, id);
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(
      /did not finish the job within 1 min; it may still be billed\. Its last state was "running"\./,
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(p.polls('job-1')).toBe(polls + 1);
  });
});

describe('Retry of a job the platform accepted', () => {
  it('after the deadline: asks about the same job again (a fresh deadline), no new submission', async () => {
    const p = await platform();
    const h = await connectedCore(cleanup, p.url, { deadlineMs: 1_000, intervalMs: 100, maxIntervalMs: 100 });
    const id = await submitPrompt(h, 'slow but paid');
    const failed = await ended(h, id);
    expect(failed.error?.hint).toMatch(/retry: Atelier asks about the same job again/);
    const polls = p.polls('job-1');
    const retried = await call(h, 'ai.retry', { id });
    expect(retried.remoteJobId).toBe('job-1');
    // A fresh deadline: it keeps asking, it does not fail after one question.
    await until('questions after the retry', () => p.polls('job-1') >= polls + 3);
    expect((await call(h, 'ai.get', { id })).state).toBe('running');
    p.finish = await done();
    const result = await ended(h, id);
    expect(result).toMatchObject({ state: 'succeeded', remoteJobId: 'job-1' });
    expect(p.polls('job-1')).toBeGreaterThan(polls);
    expect(p.submissions()).toBe(1);
  });

  it('after a cancel: asks again; after the platform said the job failed: submitted again', async () => {
    const p = await platform();
    const h = await connectedCore(cleanup, p.url);
    const cancelled = await submitPrompt(h, 'cancelled, then wanted after all');
    await until('a poll', () => p.polls('job-1') >= 1);
    await call(h, 'ai.cancel', { id: cancelled });
    p.finish = await done();
    await call(h, 'ai.retry', { id: cancelled });
    expect(await ended(h, cancelled)).toMatchObject({ state: 'succeeded', remoteJobId: 'job-1' });
    expect(p.submissions()).toBe(1);

    p.finish = { state: 'failed', message: 'The model crashed.' };
    const doomed = await submitPrompt(h, 'the platform gives up');
    expect(await ended(h, doomed)).toMatchObject({
      state: 'failed',
      remoteJobId: 'job-2',
      error: { message: 'The model crashed.' },
    });
    p.finish = await done();
    await call(h, 'ai.retry', { id: doomed });
    expect(await ended(h, doomed)).toMatchObject({ state: 'succeeded', remoteJobId: 'job-3' });
    expect(p.submissions()).toBe(3);
  });
});
