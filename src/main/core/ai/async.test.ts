// Asynchronous AI operations against a tiny platform of our own (202 with a job id, then polls):
// the id is stored before anything else, polling backs off and ends at done, failed or the
// deadline, and a restart resumes with the stored id instead of submitting (and billing) again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AiPoll, PlatformProfileInput } from '../../../shared/profile';
import type { z } from 'zod';
import { call, coreWithSandbox, type Harness } from '../../../../test/support/core-with-sandbox';
import { startServer, type TestServer } from '../platform/http/test-server';
import { asyncPlatform, cleanupAfterEach, connectedCore, ended, submitPrompt, until } from './test-async-core';
import { pngBase64 } from './test-async-platform';

const cleanup = cleanupAfterEach();
const platform = () => asyncPlatform(cleanup);

const connected = (
  url: string,
  poll: Partial<z.input<typeof AiPoll>> = {},
  opts: Parameters<typeof coreWithSandbox>[0] = {},
) => connectedCore(cleanup, url, poll, opts);
const submit = submitPrompt;

const row = (h: Harness, id: string) =>
  h.core.db
    .prepare('SELECT remote_job_id, poll_count, submitted_at, poll_deadline_at FROM ai_jobs WHERE id = ?')
    .get(id) as {
    remote_job_id: string | null;
    poll_count: number;
    submitted_at: number | null;
    poll_deadline_at: number | null;
  };

describe('asynchronous operations', () => {
  it(
    'submit → 202 with an id → polls → done: the media is stored, the id was stored first, ' +
      'progress says it waits for the platform',
    async () => {
      const p = await platform();
      // What the database held when the first poll left.
      let atFirstPoll: ReturnType<typeof row> | null = null;
      let core: Harness | null = null;
      const h = await connected(
        p.url,
        {},
        {
          observe: (_method, url) => {
            if (url.pathname.startsWith('/v2/jobs/') && atFirstPoll === null && core)
              atFirstPoll = row(core, core.core.db.prepare('SELECT id FROM ai_jobs').pluck().get() as string);
          },
        },
      );
      core = h;
      const id = await submit(h, 'a slow lighthouse');
      const polling = await until('the job to poll', async () => {
        const j = await call(h, 'ai.get', { id });
        return j.progress.phase === 'polling' && p.polls('job-1') >= 2 ? j : null;
      });
      expect(polling).toMatchObject({ state: 'running', remoteJobId: 'job-1' });
      expect(row(h, id).remote_job_id).toBe('job-1');
      expect(atFirstPoll).toMatchObject({ remote_job_id: 'job-1', poll_count: 0 });
      // Waits grow by the backoff (100, 150, 200 ms capped) and are spaced at least that much.
      const times = p.server.hits.filter((x) => x.path === '/v2/jobs/job-1').map((x) => x.at);
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(140);
      p.finish = {
        state: 'done',
        result: { images: [{ b64: await pngBase64(6, 4) }, { b64: await pngBase64(3, 2) }] },
      };
      const done = await ended(h, id);
      expect(done.state).toBe('succeeded');
      expect(done.outputs.map((o) => [o.kind, o.width, o.height])).toEqual([
        ['image', 6, 4],
        ['image', 3, 2],
      ]);
      expect((await sharp(h.core.media.blobPath(done.outputs[0]!.sha256)!).metadata()).width).toBe(6);
      expect(done.provenance.response).toMatchObject({ state: 'done' });
      expect(p.submissions()).toBe(1);
      // The poll went through the same credentialed client: the key is on it.
      expect(p.server.hits.find((x) => x.path === '/v2/jobs/job-1')?.headers.authorization).toBe(
        'Bearer test-key-123456',
      );
    },
  );

  it('a failed state fails the job with the platform’s words; nothing more is asked', async () => {
    const p = await platform();
    const h = await connected(p.url);
    const id = await submit(h, 'doomed');
    await until('a poll', () => p.polls('job-1') >= 1);
    p.finish = { state: 'failed', message: 'The model ran out of memory.' };
    const failed = await ended(h, id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatchObject({
      message: 'The model ran out of memory.',
      hint: expect.stringMatching(/retry/),
    });
    const asked = p.polls();
    await new Promise((r) => setTimeout(r, 400));
    expect(p.polls()).toBe(asked);
  });

  it('past the deadline the job fails with words and is asked about no more', async () => {
    const p = await platform();
    const h = await connected(p.url, { deadlineMs: 1_000, intervalMs: 150, maxIntervalMs: 150 });
    const id = await submit(h, 'never ends');
    const failed = await ended(h, id);
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(
      /did not finish the job within 1 s; it may still be billed\. Its last state was "running"/,
    );
    expect(failed.error?.hint).toMatch(/platform job job-1/);
    const { submitted_at, poll_deadline_at } = row(h, id);
    expect(poll_deadline_at! - submitted_at!).toBe(1_000);
    expect(Date.parse(failed.finishedAt!)).toBeGreaterThanOrEqual(poll_deadline_at!);
    const asked = p.polls();
    expect(asked).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(p.polls()).toBe(asked);
  });

  it(
    'the core stops while a job is polled; a new core on the same database resumes with the stored id: ' +
      'exactly one submission',
    async () => {
      const p = await platform();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-async-restart-'));
      cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const a = await connected(p.url, {}, { dataDir, consent: true });
      const id = await submit(a, 'across a restart');
      await until('polls before the stop', () => p.polls('job-1') >= 2);
      await a.core.close();
      const before = p.polls('job-1');
      p.finish = { state: 'done', result: { images: [{ b64: await pngBase64() }] } };
      const b = await coreWithSandbox({ dataDir, consent: true });
      cleanup.push(() => b.stop());
      const done = await ended(b, id);
      expect(done.state).toBe('succeeded');
      expect(done.outputs).toHaveLength(1);
      expect(done.remoteJobId).toBe('job-1');
      expect(p.submissions()).toBe(1);
      expect(p.polls('job-1')).toBeGreaterThan(before);
      expect(p.polls()).toBe(p.polls('job-1')); // never another id
    },
  );

  it('a 429 while polling: the job waits for Retry-After, then polls the same id (no new submission)', async () => {
    const p = await platform();
    const h = await connected(p.url);
    const id = await submit(h, 'busy platform');
    await until('a poll', () => p.polls('job-1') >= 1);
    p.finish = {
      raw: { status: 429, body: { error: { message: 'Slow down, please.' } }, headers: { 'retry-after': '1' } },
    };
    const waiting = await until('the job to wait', async () => {
      const j = await call(h, 'ai.get', { id });
      return j.state === 'queued' ? j : null;
    });
    expect(waiting.waiting).toMatch(/slow down/i);
    p.finish = { state: 'done', result: { images: [{ b64: await pngBase64() }] } };
    const done = await ended(h, id);
    expect(done.state).toBe('succeeded');
    expect(p.submissions()).toBe(1);
  });

  it('cancelling a polled job stops the polling', async () => {
    const p = await platform();
    const h = await connected(p.url);
    const id = await submit(h, 'cancel me');
    await until('a poll', () => p.polls('job-1') >= 1);
    expect((await call(h, 'ai.cancel', { id })).state).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 150));
    const asked = p.polls();
    await new Promise((r) => setTimeout(r, 400));
    expect(p.polls()).toBe(asked);
    expect((await call(h, 'ai.get', { id })).remoteJobId).toBe('job-1');
  });

  it('a first answer that already holds the result is taken directly, without polling', async () => {
    const p = await platform();
    const b64 = await pngBase64();
    p.submitAnswer = () => ({
      status: 200,
      body: { state: 'done', job: { id: 'quick' }, result: { images: [{ b64 }] } },
    });
    const h = await connected(p.url);
    const done = await ended(h, await submit(h, 'fast'));
    expect(done).toMatchObject({ state: 'succeeded', remoteJobId: null });
    expect(done.outputs).toHaveLength(1);
    expect(p.polls()).toBe(0);
  });

  it('an HTML page instead of an answer fails the job with words; it is never stored as a result', async () => {
    const p = await platform();
    p.submitAnswer = () => ({
      status: 200,
      type: 'text/html',
      body: '<html><head><title>Sign in to the office network</title></head><body>…</body></html>',
    });
    const h = await connected(p.url);
    const failed = await ended(h, await submit(h, 'behind a proxy'));
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(/web page instead of a result \(“Sign in to the office network”\)/);
    expect(failed.outputs).toEqual([]);
  });

  it('a poll that answers with an HTML page fails the job too', async () => {
    const p = await platform();
    const h = await connected(p.url);
    const id = await submit(h, 'proxy later');
    await until('a poll', () => p.polls('job-1') >= 1);
    p.finish = { html: '<!doctype html><title>Gateway notice</title>' };
    const failed = await ended(h, id);
    expect(failed.error?.message).toMatch(/web page.*Gateway notice/);
  });
});

describe('media named by URL in an answer', () => {
  let media: TestServer;
  async function mediaServer(): Promise<TestServer> {
    const png = Buffer.from(await pngBase64(5, 5), 'base64');
    media = await startServer((_req, res, hit) => {
      if (hit.path === '/big.png') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(5 * 1024 ** 3) });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    });
    cleanup.push(() => media.close());
    return media;
  }

  it(
    'another loopback host is downloaded without credentials and its hash recorded; ' +
      'plain http to a remote host is refused without a request',
    async () => {
      const p = await platform();
      const m = await mediaServer();
      const seen: string[] = [];
      const h = await connected(p.url, {}, { observe: (_method, url) => seen.push(url.host) });
      p.finish = { state: 'done', result: { images: [{ b64: `${m.url}/a.png` }] } };
      // This platform names its results by URL: the map leaves the encoding to "auto".
      const profile = JSON.parse((await call(h, 'profile.export', { id: 'async-test' })).json) as PlatformProfileInput;
      profile.ai.text2image.response = { jobId: ['job.id'], media: ['result.images.*.b64'] };
      await call(h, 'profile.import', { json: JSON.stringify(profile) });
      const ok = await ended(h, await submit(h, 'by url'));
      expect(ok.state).toBe('succeeded');
      expect(ok.outputs).toHaveLength(1);
      expect(ok.outputs[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(m.hits[0]?.headers.authorization).toBeUndefined();

      p.finish = { state: 'done', result: { images: [{ b64: 'http://media.example.invalid/x.png' }] } };
      const refused = await ended(h, await submit(h, 'plain http elsewhere'));
      expect(refused).toMatchObject({ state: 'succeeded', unknownShape: true, outputs: [] });
      expect(refused.shapeNote).toMatch(/plain http \(media\.example\.invalid\).*only over https/);
      expect(seen).not.toContain('media.example.invalid');

      p.finish = { state: 'done', result: { images: [{ b64: 'file:///etc/passwd' }] } };
      expect((await ended(h, await submit(h, 'a file address'))).shapeNote).toMatch(
        /"file:" address, which Atelier never opens/,
      );

      p.finish = { state: 'done', result: { images: [{ b64: `${m.url}/big.png` }] } };
      const big = await ended(h, await submit(h, 'too big'));
      expect(big.state).toBe('failed');
      // The library's cap, in the intake's words: the same a 5 GB import or upload would get.
      expect(big.error?.message).toBe(
        'The result could not be kept: It is larger than 4 GB, the most the library takes for one file.',
      );
    },
  );

  it(
    'a file on the platform that redirects to another host: ' +
      'the credential, in the profile’s own header, stays with the platform',
    async () => {
      const p = await platform();
      const m = await mediaServer();
      const h = await connected(p.url);
      const profile = JSON.parse((await call(h, 'profile.export', { id: 'async-test' })).json) as PlatformProfileInput;
      profile.auth.apiKeyScheme = { header: 'X-Auth-Token', prefix: '' };
      profile.ai.text2image.response = { jobId: ['job.id'], media: ['result.images.*.b64'] };
      await call(h, 'profile.import', { json: JSON.stringify(profile) });
      p.redirects['/v2/files/a.png'] = `${m.url}/a.png`;
      p.finish = { state: 'done', result: { images: [{ b64: `${p.url}/v2/files/a.png` }] } };
      const ok = await ended(h, await submit(h, 'on the platform, served elsewhere'));
      expect(ok).toMatchObject({ state: 'succeeded', unknownShape: false });
      expect(ok.outputs).toHaveLength(1);
      expect(p.server.hits.find((x) => x.path === '/v2/files/a.png')?.headers['x-auth-token']).toBe('test-key-123456');
      expect(m.hits.map((x) => [x.path, x.headers['x-auth-token'] ?? null, x.headers.authorization ?? null])).toEqual([
        ['/a.png', null, null],
      ]);
    },
  );
});
