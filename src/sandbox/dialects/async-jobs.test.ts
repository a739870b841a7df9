import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, testSandbox } from '../test-support';

/** Signs in to a problem-dialect sandbox: the raw token is the Authorization header. */
async function rawToken(
  sandbox: Sandbox,
  email = sandbox.demo.username,
  password = sandbox.demo.password,
): Promise<string> {
  const res = await call(sandbox.url, 'POST', '/user/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return res.body.token;
}

describe('problem dialect: asynchronous AI jobs', () => {
  let sandbox: Sandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await testSandbox({ dialect: 'problem', aiLatencyMs: { text2image: 300 } });
    token = await rawToken(sandbox);
  });
  afterAll(() => sandbox.stop());

  const submit = (op: string, body: unknown) =>
    call(sandbox.url, 'POST', `/v2/ai/${op}`, { authorization: token, body });
  const poll = (id: string, authorization = token) => call(sandbox.url, 'GET', `/v2/ai/jobs/${id}`, { authorization });

  it('is done only after the configured latency, with a downloadable file, counting polls', async () => {
    const events: { id: string; event: string }[] = [];
    const listener = (e: { id: string; event: string }) => events.push(e);
    sandbox.events.on('ai-job', listener);
    try {
      const started = Date.now();
      const accepted = await submit('text2image', {
        model_id: 'paint-1',
        image: { prompt: 'slow fox', width: 24, height: 24 },
      });
      expect(accepted.status).toBe(202);
      const id: string = accepted.body.job.id;
      let answer = await poll(id);
      expect(['queued', 'running']).toContain(answer.body.job.status);
      let polls = 1;
      while (answer.body.job.status !== 'done') {
        expect(answer.body.job.status).not.toBe('failed');
        await sleep(25);
        answer = await poll(id);
        polls++;
      }
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(answer.body).toEqual({
        job: {
          id,
          status: 'done',
          output: { url: expect.stringContaining(`${sandbox.url}/v2/files/`), mime: 'image/png' },
          text: null,
          error: null,
        },
      });
      const file = await fetch(answer.body.job.output.url, { headers: { authorization: token } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect((await fetch(answer.body.job.output.url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
        401,
      );
      expect(sandbox.stats.aiJobs[id]).toEqual({ operation: 'text2image', posts: 1, polls });
      expect(events.filter((e) => e.id === id).map((e) => e.event)).toEqual(
        expect.arrayContaining(['submitted', 'running', 'done', 'polled']),
      );
    } finally {
      sandbox.events.off('ai-job', listener);
    }
  });

  it('fails a job whose media cannot be read, with the reason in error.detail', async () => {
    const accepted = await submit('image2text', { model_id: 'caption-1', image: { data: 'not base64!!' } });
    expect(accepted.status).toBe(202);
    let answer = await poll(accepted.body.job.id);
    while (answer.body.job.status === 'queued' || answer.body.job.status === 'running')
      answer = await poll(accepted.body.job.id);
    expect(answer.body.job).toMatchObject({
      status: 'failed',
      output: null,
      text: null,
      error: { detail: 'image.data is not valid base64' },
    });
  });

  it("answers 404 in problem+json for an unknown job or another account's job", async () => {
    const unknown = await poll('job_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json');
    expect(unknown.body).toEqual({
      type: 'about:blank#not_found',
      title: 'Not Found',
      status: 404,
      detail: 'AI job job_nope does not exist',
    });

    const mine = await submit('text2image', { model_id: 'paint-1', image: { prompt: 'private' } });
    await sandbox.createAccount('other@atelier.local', 'other-password');
    const other = await rawToken(sandbox, 'other@atelier.local', 'other-password');
    expect((await poll(mine.body.job.id, other)).status).toBe(404);
  });
});

describe('AI jobs outside an asynchronous dialect', () => {
  it('are not there: the job route says why', async () => {
    const sandbox = await testSandbox({ dialect: 'oauth' });
    try {
      const login = await call(sandbox.url, 'POST', '/user/login', {
        body: {
          grant_type: 'password',
          username: sandbox.demo.username,
          password: sandbox.demo.password,
          client_id: sandbox.demo.clientId,
        },
      });
      const res = await call(sandbox.url, 'GET', '/v2/ai/jobs/job_1', { token: login.body.access_token });
      expect(res.status).toBe(404);
      expect(res.body.error_description).toBe('the oauth dialect has no AI jobs: its AI operations answer at once');
    } finally {
      await sandbox.stop();
    }
  });
});

describe('AI jobs and the sandbox process', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-jobs-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stop() ends a running job promptly, and a restart reports it failed', async () => {
    const first = await testSandbox({ dialect: 'problem', dataDir: dir, aiLatencyMs: 60_000 });
    const token = await rawToken(first);
    const accepted = await call(first.url, 'POST', '/v2/ai/text2image', {
      authorization: token,
      body: { model_id: 'paint-1', image: { prompt: 'never' } },
    });
    const id: string = accepted.body.job.id;
    await sleep(20);
    const stopping = Date.now();
    await first.stop();
    expect(Date.now() - stopping).toBeLessThan(2_000);

    const second = await testSandbox({ dialect: 'problem', dataDir: dir });
    try {
      const res = await call(second.url, 'GET', `/v2/ai/jobs/${id}`, { authorization: token });
      expect(res.body.job).toMatchObject({
        status: 'failed',
        error: { detail: 'the sandbox stopped before this job finished; submit it again' },
      });
    } finally {
      await second.stop();
    }
  });
});
