import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, type ApiResponse } from '../test-support';
import { testSandbox } from '../test-support';
import { SPEAKERS, type Speaker } from './test-speakers';

/** A client of one dialect, signed in as the demo user. */
async function client(sandbox: Sandbox, sp: Speaker) {
  const { username, password, clientId } = sandbox.demo;
  const res = await call(sandbox.url, 'POST', '/user/login', { body: sp.login(username, password, clientId) });
  const token = sp.tokens(res.body).access;
  const authorization = sp.authorization(token);
  return {
    api: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(sandbox.url, method, path, { authorization, body, headers }),
    download: async (url: string) => {
      const got = await fetch(url, { headers: { authorization } });
      expect(got.status).toBe(200);
      return Buffer.from(await got.arrayBuffer());
    },
  };
}
type Client = Awaited<ReturnType<typeof client>>;

/** A sandbox speaking `sp`'s dialect, and a client of it signed in as the demo user. */
async function dialectSandbox(sp: Speaker): Promise<{ sandbox: Sandbox; c: Client }> {
  const sandbox = await testSandbox({ dialect: sp.name });
  return { sandbox, c: await client(sandbox, sp) };
}

/** Polls a job the way a client of an asynchronous dialect would, until it is done or failed. */
async function pollJob(c: Client, id: string): Promise<ApiResponse> {
  for (let i = 0; i < 200; i++) {
    const res = await c.api('GET', `/v2/ai/jobs/${id}`);
    expect(res.status).toBe(200);
    if (res.body.job.status === 'done' || res.body.job.status === 'failed') return res;
    await sleep(20);
  }
  throw new Error(`job ${id} did not finish`);
}

/** Runs an operation to its end: one answer for a synchronous dialect, 202 then polls for an asynchronous one. */
async function runAi(sp: Speaker, c: Client, op: string, body: unknown, headers: Record<string, string> = {}) {
  const first = await c.api('POST', `/v2/ai/${op}`, body, headers);
  if (sp.ai === 'sync') {
    expect(first.status, first.text).toBe(200);
    return { handle: first.text, first, answer: first.body };
  }
  expect(first.status, first.text).toBe(202);
  // A new job is queued; a replay shows the job as it is now.
  const status = first.headers.get('idempotent-replayed') ? expect.stringMatching(/^(queued|running|done)$/) : 'queued';
  expect(first.body).toEqual({ job: { id: expect.stringMatching(/^job_/), status } });
  const id: string = first.body.job.id;
  return { handle: id, first, answer: (await pollJob(c, id)).body };
}

async function mediaOf(sp: Speaker, c: Client, answer: unknown): Promise<Buffer[]> {
  return Promise.all(
    sp.aiMedia(answer).map(async (value) => {
      if (sp.aiEncoding === 'url') return c.download(value);
      if (sp.aiEncoding === 'base64') return Buffer.from(value, 'base64');
      expect(value).toMatch(/^data:image\/png;base64,/);
      return Buffer.from(value.slice(value.indexOf(',') + 1), 'base64');
    }),
  );
}

describe.each(SPEAKERS)('$name dialect: AI operations', (sp) => {
  let sandbox: Sandbox;
  let c: Client;
  beforeAll(async () => ({ sandbox, c } = await dialectSandbox(sp)));
  afterAll(() => sandbox.stop());

  it('answers media and text in its shape', async () => {
    const painted = await runAi(sp, c, 'text2image', {
      model_id: 'paint-1',
      image: { prompt: 'a red fox', width: 32, height: 48 },
    });
    const [png] = await mediaOf(sp, c, painted.answer);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 32, height: 48 });
    expect(sp.aiText(painted.answer)).toBeNull();

    const captioned = await runAi(sp, c, 'image2text', {
      model_id: 'caption-1',
      image: { data: png?.toString('base64') },
    });
    expect(sp.aiMedia(captioned.answer)).toEqual([]);
    expect(sp.aiText(captioned.answer)).toMatch(/^A 32x48 portrait PNG/);
  });

  it('gives the same result for the same Idempotency-Key and body, with one generation', async () => {
    const body = { model_id: 'mosaic-1', image: { prompt: 'tiles', width: 16, height: 16 } };
    const headers = { 'idempotency-key': `same-${sp.name}` };
    const generations = sandbox.stats.aiGenerations;
    const submissions = sandbox.stats.aiSubmissions;
    const first = await runAi(sp, c, 'text2image', body, headers);
    const again = await runAi(sp, c, 'text2image', body, headers);
    expect(again.handle).toBe(first.handle);
    expect(again.first.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox.stats.aiGenerations).toBe(generations + 1);
    // Asynchronous dialects also count the job once, and both POSTs against it.
    expect(sandbox.stats.aiSubmissions).toBe(submissions + (sp.ai === 'async' ? 1 : 0));
    if (sp.ai === 'async') expect(sandbox.stats.aiJobs[first.handle]?.posts).toBe(2);
  });

  it('refuses a bad request in its error shape before any work', async () => {
    const res = await c.api('POST', '/v2/ai/text2image', { model_id: 'no-such-model', image: { prompt: 'x' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe(sp.errorContentType);
    expect(sp.error(res.body)).toMatchObject({
      code: 'unknown_model',
      message: expect.stringContaining('not a model of text2image'),
    });
  });
});

describe.each(SPEAKERS)('$name dialect: resource groups', (sp) => {
  let sandbox: Sandbox;
  let c: Client;
  beforeAll(async () => ({ sandbox, c } = await dialectSandbox(sp)));
  afterAll(() => sandbox.stop());

  const { id, version, deleted } = sp.record;
  const list = (query: Record<string, string>) => c.api('GET', `/v2/posts?${new URLSearchParams(query)}`);

  it('pages lists in its naming', async () => {
    for (const text of ['one', 'two', 'three']) expect((await c.api('POST', '/v2/posts', { text })).status).toBe(201);
    const first = await list({ [sp.list.limit]: '2' });
    expect(first.status).toBe(200);
    expect(sp.list.items(first.body).map((r: Record<string, unknown>) => r.text)).toEqual(['one', 'two']);
    expect(sp.list.more(first.body)).toBe(true);
    const second = await list({ [sp.list.limit]: '2', [sp.list.cursor]: sp.list.next(first.body) });
    expect(sp.list.items(second.body).map((r: Record<string, unknown>) => r.text)).toEqual(['three']);
    expect(sp.list.more(second.body)).toBe(false);
    const both = await list({ [sp.list.since]: 'c0', [sp.list.cursor]: 'c0' });
    expect(both.status).toBe(400);
    expect(sp.error(both.body).message).toBe(
      `send either ${sp.list.since} (change feed) or ${sp.list.cursor} (next page), not both`,
    );
  });

  it('creates, updates and deletes records in its naming, and pulls the deletion', async () => {
    const created = await c.api('POST', '/v2/posts', { text: 'draft', [version]: 99 });
    expect(created.status).toBe(201);
    const record = created.body;
    expect(record).toMatchObject({ text: 'draft', [version]: 1, [deleted]: false });
    expect(typeof record[id]).toBe('string');
    const head = sp.list.next((await list({ [sp.list.since]: 'c0' })).body);

    const patched = await c.api('PATCH', `/v2/posts/${record[id]}`, { text: 'edited' }, { 'if-match': '"1"' });
    expect(patched.body).toMatchObject({ [id]: record[id], text: 'edited', [version]: 2 });
    const stale = await c.api('PATCH', `/v2/posts/${record[id]}`, { text: 'late', [version]: 1 });
    expect(stale.status).toBe(409);
    expect(sp.error(stale.body).code).toBe('version_conflict');
    expect(stale.body.current).toMatchObject({ [id]: record[id], text: 'edited', [version]: 2 });

    const removed = await c.api('DELETE', `/v2/posts/${record[id]}`, undefined, { 'if-match': '"2"' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ [id]: record[id], [version]: 3, [deleted]: true });
    const feed = await list({ [sp.list.since]: head });
    expect(sp.list.items(feed.body)).toEqual([removed.body]);
  });

  it('adds to the media queue with items and lists it in its naming', async () => {
    const added = await c.api('POST', '/v2/media-queue', { items: [{ asset_id: 'ast_1' }, { asset_id: 'ast_2' }] });
    expect(added.status).toBe(201);
    expect(added.body.items.map((r: Record<string, unknown>) => [r.asset_id, r[version], r[deleted]])).toEqual([
      ['ast_1', 1, false],
      ['ast_2', 1, false],
    ]);
    const queue = await c.api('GET', '/v2/media-queue');
    expect(sp.list.items(queue.body).map((r: Record<string, unknown>) => r[id])).toEqual(
      added.body.items.map((r: Record<string, unknown>) => r[id]),
    );
  });
});
