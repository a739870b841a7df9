// AI for a post against the sandbox's AI: an image attached to a channel's variant, alt text written to
// the media, a caption offered (never written over the text) — each settled by the core when the job
// ends, with no composer open; failures leave the post as it was; a restart mid-job attaches once.
import { describe, expect, it } from 'vitest';
import type { PostAiRequestView, PostAiStartInput } from '../../../shared/post-ai';
import { startSandbox } from '../../../sandbox';
import { call, coreWithSandbox, harnesses, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { until } from '../ai/test-async-core';
import { makeImage, makeVideo } from '../media/test-media';
import { parseFields } from '../store/fields';
import { aspectParams, cutWords, defaultModel } from './post-ai';

const tmp = tempDirs('post-ai');
const open = harnesses();

/** A saved post for two channels (Instagram feed and X) with one image and one video, on a signed-in core. */
async function postWithMedia(h: Harness) {
  await signInDemo(h);
  const dir = tmp();
  const insta = await call(h, 'channels.create', { fields: { network: 'instagram-feed', name: 'Bakery Insta' } });
  const x = await call(h, 'channels.create', { fields: { network: 'x', name: 'Bakery X' } });
  const report = await call(h, 'library.import', {
    paths: [await makeImage(dir, 'loaf.png', { width: 40, height: 30 }), await makeVideo(dir, 'kneading.mp4')],
  });
  const image = report.imported.find((a) => a.name === 'loaf.png')?.id ?? '';
  const video = report.imported.find((a) => a.name === 'kneading.mp4')?.id ?? '';
  const target = (c: typeof insta) => ({ channel_id: c.id, network: c.network, name: c.name });
  const post = await call(h, 'records.create', {
    group: 'posts',
    fields: { text: 'Fresh sourdough this morning', asset_ids: [image, video], targets: [target(insta), target(x)] },
  });
  return { post, insta, x, image, video };
}

const fieldsOf = (h: Harness, id: string) => parseFields(h.core.store.get('posts', id)?.data ?? null);

async function start(h: Harness, input: PostAiStartInput): Promise<PostAiRequestView> {
  return call(h, 'planner.postAi', input);
}

/** The request once it has left `waiting`. */
async function settled(h: Harness, postId: string, id: string): Promise<PostAiRequestView> {
  return until(`request ${id} to settle`, async () => {
    const found = (await call(h, 'planner.postAiRequests', { postId })).find((r) => r.id === id);
    return found && found.state !== 'waiting' ? found : null;
  });
}

/** The request's state as the core's own attach left it, without asking the list (which also settles). */
async function settledByCore(h: Harness, id: string): Promise<string> {
  return until(`request ${id} to be settled by the core`, () => {
    const row = h.core.db.prepare('SELECT state FROM post_ai_requests WHERE id = ?').get(id);
    const state = row && typeof row === 'object' && 'state' in row ? String(row.state) : 'waiting';
    return state === 'waiting' ? null : state;
  });
}

describe('AI for a post', () => {
  it("generates an image from the post's text at the channel's ratio, added to that channel's variant", async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    const { post, insta, x, image, video } = await postWithMedia(h);
    const pushed: string[][] = [];
    h.core.events.subscribe((event, payload) => {
      if (event === 'planner.postAiChanged' && 'postIds' in payload) pushed.push(payload.postIds);
    });
    const req = await start(h, {
      kind: 'image',
      postId: post.id,
      channelId: insta.id,
      prompt: 'Fresh sourdough',
      aspect: '4:5',
    });
    expect(req).toMatchObject({ kind: 'image', state: 'waiting', channelId: insta.id, aspect: '4:5' });
    // Nobody asks: the core attaches it when the job succeeds.
    expect(await settledByCore(h, req.id)).toBe('done');
    const done = (await call(h, 'planner.postAiRequests', { postId: post.id }))[0];
    const made = done?.resultAssetId ?? '';
    expect(done).toMatchObject({ state: 'done', error: null });
    const fields = fieldsOf(h, post.id);
    expect(fields.asset_ids).toEqual([image, video]);
    expect(fields.targets).toEqual([
      { channel_id: insta.id, network: 'instagram-feed', name: 'Bakery Insta', asset_ids: [image, video, made] },
      { channel_id: x.id, network: 'x', name: 'Bakery X' },
    ]);
    const job = await call(h, 'ai.get', { id: req.jobId });
    expect(job).toMatchObject({ operation: 'text2image', prompt: 'Fresh sourdough' });
    expect(Number(job.params.width) / Number(job.params.height)).toBeCloseTo(4 / 5, 2);
    const asset = await call(h, 'library.get', { id: made });
    expect(asset).toMatchObject({ kind: 'image', width: job.outputs[0]?.width, tags: ['ai'] });
    expect(pushed.every((ids) => ids.length === 1 && ids[0] === post.id)).toBe(true);
    expect(pushed.length).toBeGreaterThanOrEqual(2);
  });

  it("puts the image in the post's own media when asked for every channel", async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    const { post, image, video } = await postWithMedia(h);
    const req = await start(h, { kind: 'image', postId: post.id, channelId: null, prompt: 'Bread', aspect: '1:1' });
    const done = await settled(h, post.id, req.id);
    expect(fieldsOf(h, post.id).asset_ids).toEqual([image, video, done.resultAssetId]);
    expect(fieldsOf(h, post.id).targets).toEqual([
      expect.not.objectContaining({ asset_ids: expect.anything() }),
      expect.not.objectContaining({ asset_ids: expect.anything() }),
    ]);
  });

  it('writes alt text from the image to the asset, where the library and every post see it, and syncs it', async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    const { post, image } = await postWithMedia(h);
    const before = fieldsOf(h, post.id);
    const req = await start(h, { kind: 'altText', postId: post.id, assetId: image });
    expect(await settledByCore(h, req.id)).toBe('done');
    const job = await call(h, 'ai.get', { id: req.jobId });
    expect(job.operation).toBe('image2text');
    const alt = (await call(h, 'library.get', { id: image })).altText;
    expect(alt).toBe((job.text ?? '').trim().replace(/\s+/g, ' '));
    expect(alt.length).toBeGreaterThan(0);
    expect((await settled(h, post.id, req.id)).text).toBe(alt);
    expect(fieldsOf(h, post.id)).toEqual(before);
    await h.core.sync.run();
    const remote = await h.core.session.request({ method: 'GET', url: `${h.sandbox.url}/v2/assets` });
    expect(JSON.stringify(remote.body)).toContain(JSON.stringify(alt));
  });

  it('offers a caption from the video without touching the text; taking or dismissing it is recorded', async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    const { post, x, video } = await postWithMedia(h);
    const before = fieldsOf(h, post.id);
    const req = await start(h, { kind: 'caption', postId: post.id, channelId: x.id, assetId: video });
    expect(await settledByCore(h, req.id)).toBe('offered');
    const offered = await settled(h, post.id, req.id);
    const job = await call(h, 'ai.get', { id: req.jobId });
    expect(offered).toMatchObject({ state: 'offered', channelId: x.id, text: (job.text ?? '').trim() });
    expect(job.operation).toBe('video2text');
    expect(fieldsOf(h, post.id)).toEqual(before);
    expect((await call(h, 'planner.postAiSettle', { id: req.id, outcome: 'taken' })).state).toBe('done');
    await expect(call(h, 'planner.postAiSettle', { id: req.id, outcome: 'dismissed' })).rejects.toThrow(
      /Only an offered caption can be taken or dismissed/,
    );
    const again = await start(h, { kind: 'caption', postId: post.id, channelId: null, assetId: video });
    await settled(h, post.id, again.id);
    expect((await call(h, 'planner.postAiSettle', { id: again.id, outcome: 'dismissed' })).state).toBe('dismissed');
    expect(fieldsOf(h, post.id)).toEqual(before);
  });

  it('a failed or cancelled job leaves the post untouched and says why on the request', async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    const { post, insta, image } = await postWithMedia(h);
    const before = fieldsOf(h, post.id);
    const bad = await start(h, {
      kind: 'image',
      postId: post.id,
      channelId: insta.id,
      prompt: 'x',
      modelId: 'no-such-model',
    });
    expect(await settledByCore(h, bad.id)).toBe('failed');
    const failed = await settled(h, post.id, bad.id);
    expect(failed.error).toMatch(/^The AI job failed \(.*no-such-model.*\); the post is unchanged\.$/);
    expect(failed.resultAssetId).toBeNull();

    await call(h, 'ai.setPaused', { paused: true });
    const alt = await start(h, { kind: 'altText', postId: post.id, assetId: image });
    await call(h, 'ai.cancel', { id: alt.jobId });
    const cancelled = await settled(h, post.id, alt.id);
    expect(cancelled).toMatchObject({ state: 'failed', error: 'The AI job was cancelled; the post is unchanged.' });
    expect(fieldsOf(h, post.id)).toEqual(before);
    expect((await call(h, 'library.get', { id: image })).altText).toBe('');
  });

  it('refuses in words: unsaved or unknown post, media not on the post, wrong kind, empty prompt', async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    const { post, image, video } = await postWithMedia(h);
    const refusal = async (input: unknown) => {
      const r = await h.core.dispatch('planner.postAi', input);
      if (r.ok) throw new Error('expected a refusal');
      return r.error;
    };
    expect((await refusal({ kind: 'altText', postId: 'nope', assetId: image })).message).toMatch(/post does not exist/);
    expect((await refusal({ kind: 'altText', postId: post.id, assetId: video })).message).toBe(
      'Alt text is written from an image, and "kneading.mp4" is a video.',
    );
    expect((await refusal({ kind: 'caption', postId: post.id, assetId: image, channelId: null })).message).toBe(
      'A caption is read from a video, and "loaf.png" is an image.',
    );
    const other = (await call(h, 'library.import', { paths: [await makeImage(tmp(), 'crumb.png')] })).imported[0]?.id;
    expect((await refusal({ kind: 'altText', postId: post.id, assetId: other })).message).toBe(
      'That media is not attached to the post; attach it and save the post first.',
    );
    expect((await refusal({ kind: 'image', postId: post.id, channelId: 'elsewhere', prompt: 'x' })).message).toMatch(
      /not among the post’s channels/,
    );
    const empty = await refusal({ kind: 'image', postId: post.id, prompt: '   ' });
    expect(empty.issues).toEqual([
      { path: 'prompt', message: 'Write a prompt first: the post has no text to start from' },
    ]);
    const ratio = await refusal({ kind: 'image', postId: post.id, prompt: 'x', aspect: 'square' });
    expect(ratio.issues).toEqual([{ path: 'aspect', message: 'Write the aspect ratio like 4:5 or 1.91:1' }]);
    expect(await call(h, 'planner.postAiRequests', { postId: post.id })).toEqual([]);
  });

  it('attaches a result the AI queue already had (an identical request) at once, to the other channel', async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    const { post, insta, x, image, video } = await postWithMedia(h);
    const first = await start(h, { kind: 'image', postId: post.id, channelId: insta.id, prompt: 'Rye', aspect: '1:1' });
    const made = (await settled(h, post.id, first.id)).resultAssetId;
    const again = await start(h, { kind: 'image', postId: post.id, channelId: x.id, prompt: 'Rye', aspect: '1:1' });
    expect(again).toMatchObject({ state: 'done', jobId: first.jobId, resultAssetId: made });
    expect(fieldsOf(h, post.id).targets).toEqual([
      expect.objectContaining({ asset_ids: [image, video, made] }),
      expect.objectContaining({ asset_ids: [image, video, made] }),
    ]);
    expect((await call(h, 'library.query', { tag: 'ai' })).total).toBe(1);
  });

  it('a restart mid-job still attaches the image, once', async () => {
    const dataDir = tmp();
    const sandbox = await startSandbox({ port: 0, aiLatencyMs: 1500, rateLimit: false });
    try {
      const a = await coreWithSandbox({ reuse: sandbox, dataDir, consent: true });
      const { post, x, image, video } = await postWithMedia(a);
      const req = await start(a, { kind: 'image', postId: post.id, channelId: x.id, prompt: 'Crust', aspect: '16:9' });
      await until('the job to run', async () => (await call(a, 'ai.get', { id: req.jobId })).state === 'running');
      await a.core.close();
      const b = await coreWithSandbox({ reuse: sandbox, dataDir, consent: true });
      try {
        expect(await settledByCore(b, req.id)).toBe('done');
        const targets = fieldsOf(b, post.id).targets;
        const made = (await call(b, 'planner.postAiRequests', { postId: post.id }))[0]?.resultAssetId ?? '';
        expect(targets).toEqual([
          expect.not.objectContaining({ asset_ids: expect.anything() }),
          expect.objectContaining({ channel_id: x.id, asset_ids: [image, video, made] }),
        ]);
        // Asked again (a second event, the list): nothing more is attached or saved.
        b.core.bus.emit('ai.jobSucceeded', { jobId: req.jobId, operation: 'text2image', prompt: 'Crust' });
        await call(b, 'planner.postAiRequests', { postId: post.id });
        await new Promise((r) => setTimeout(r, 200));
        expect(fieldsOf(b, post.id).targets).toEqual(targets);
        const ai = (await call(b, 'library.query', { tag: 'ai' })).items;
        expect(ai.map((x) => x.id)).toEqual([made]);
      } finally {
        await b.core.close();
      }
    } finally {
      await sandbox.stop();
    }
  }, 60_000);
});

describe('choices made for the person', () => {
  const size = (max: number, def: number) => ({ label: 'px', type: 'integer' as const, min: 16, max, default: def });

  it('sizes the image to the ratio, keeping the default longer side within the limits', () => {
    const params = [
      { name: 'width', ...size(512, 256) },
      { name: 'height', ...size(512, 128) },
    ];
    expect(aspectParams({ params }, '4:5')).toEqual({ width: 205, height: 256 });
    expect(aspectParams({ params }, '1.91:1')).toEqual({ width: 256, height: 134 });
    expect(aspectParams({ params }, null)).toEqual({});
    expect(aspectParams({ params: [{ name: 'aspect_ratio', label: 'Ratio', type: 'text' }] }, '9:16')).toEqual({
      aspect_ratio: '9:16',
    });
    expect(aspectParams({ params: [] }, '1:1')).toEqual({});
  });

  it("uses the Studio's default model: the most recent one, else the profile's first", () => {
    expect(defaultModel({ models: ['paint-1', 'mosaic-1'], recentModels: ['mosaic-1'] })).toBe('mosaic-1');
    expect(defaultModel({ models: ['paint-1'], recentModels: [] })).toBe('paint-1');
    expect(defaultModel({ models: [], recentModels: [] })).toBeNull();
  });

  it('cuts alt text longer than the networks take at a word, with an ellipsis', () => {
    const long = `${'crumb '.repeat(300)}end`;
    const cut = cutWords(long, 1_500);
    expect(cut.length).toBeLessThanOrEqual(1_500);
    expect(cut.endsWith('crumb…')).toBe(true);
    expect(cutWords('  a   loaf \n on a board ', 1_500)).toBe('a loaf on a board');
  });
});
