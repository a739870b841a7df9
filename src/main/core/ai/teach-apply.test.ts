// Teaching from a stored answer, end to end on the sandbox: an answer of unknown shape becomes a
// result once the mapping is saved — without re-running the job and with no request to the platform.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AiJobDetail } from '../../../shared/ai';
import { parseProfile } from '../../../shared/profile';
import { call, harnesses, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { pngBase64 } from './test-async-platform';

const open = harnesses();
const original = globalThis.fetch;
let answer: unknown = null;

beforeEach(() => {
  // The sandbox's text2image answers in a shape Atelier does not know; everything else is the sandbox.
  (globalThis as { fetch: typeof fetch }).fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname === '/v2/ai/text2image' && answer !== null) {
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return original(input, init);
  };
});
afterEach(() => {
  (globalThis as { fetch: typeof fetch }).fetch = original;
  answer = null;
});

async function finished(h: Harness, id: string): Promise<AiJobDetail> {
  const end = Date.now() + 20_000;
  for (;;) {
    const j = await call(h, 'ai.get', { id });
    if (j.state === 'succeeded' || j.state === 'failed' || j.state === 'cancelled') return j;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const total = (h: Harness) => [...h.sent.values()].reduce((a, b) => a + b, 0);

describe('teach from an answer', () => {
  it(
    'inline base64 under an unknown field becomes the result after the mapping is saved: ' +
      '0 requests, the same session',
    async () => {
      const h = await open({ sandbox: { aiLatencyMs: 0 } });
      await signInDemo(h);
      answer = { generation: { status: 'ok', pixels: await pngBase64(7, 5) } };
      const submitted = await call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt: 'teach me' });
      const unknown = await finished(h, submitted.job.id);
      expect(unknown).toMatchObject({ state: 'succeeded', unknownShape: true, outputs: [] });
      expect(unknown.shapeNote).toMatch(/no field Atelier recognises/);

      const preview = await call(h, 'ai.teachPreview', { jobId: unknown.id, role: 'media', path: 'generation.pixels' });
      expect(preview).toMatchObject({
        profileId: 'sandbox-custom',
        profileName: 'Sandbox (custom)',
        copy: true,
        note: null,
      });
      expect(preview.diff).toContain('+   "id": "sandbox-custom",');
      const parsed = parseProfile(JSON.parse(preview.json));
      expect(parsed.success).toBe(true);
      // Nothing is saved by a preview.
      expect((await call(h, 'profile.list', {})).map((p) => p.id)).toEqual(['sandbox', 'platform']);

      const sessionBefore = await call(h, 'session.get', {});
      const requestsBefore = total(h);
      const taught = await call(h, 'ai.teachApply', { jobId: unknown.id, role: 'media', path: 'generation.pixels' });
      expect(total(h)).toBe(requestsBefore); // no request to the platform at all
      expect(taught).toMatchObject({
        id: unknown.id,
        state: 'succeeded',
        unknownShape: false,
        shapeNote: null,
        attempts: unknown.attempts,
      });
      expect(taught.outputs).toHaveLength(1);
      expect(taught.outputs[0]).toMatchObject({ kind: 'image', width: 7, height: 5 });
      expect(taught.provenance.response).toEqual(unknown.provenance.response);

      // The copy is saved and in use; the built-in profile is unchanged; the session is the same.
      const connection = await call(h, 'connection.get', {});
      expect(connection.profile).toMatchObject({ id: 'sandbox-custom', builtin: false });
      expect(await call(h, 'session.get', {})).toEqual(sessionBefore);
      const saved = JSON.parse((await call(h, 'profile.export', { id: 'sandbox-custom' })).json);
      const builtin = JSON.parse((await call(h, 'profile.export', { id: 'sandbox' })).json);
      expect(builtin.ai.text2image.response).toBeUndefined();
      expect({
        ...saved,
        id: 'sandbox',
        name: 'Sandbox',
        ai: { ...saved.ai, text2image: { ...saved.ai.text2image, response: undefined } },
      }).toEqual({
        ...builtin,
        ai: { ...builtin.ai, text2image: { ...builtin.ai.text2image, response: undefined } },
      });

      // The next job with that shape is read at once.
      const next = await finished(
        h,
        (await call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt: 'again' })).job.id,
      );
      expect(next).toMatchObject({ unknownShape: false });
      expect(next.outputs).toHaveLength(1);
    },
  );

  it(
    'a second lesson is a new revision of the custom profile; ' +
      'a missing field or an unknown job is refused with words',
    async () => {
      const h = await open({ sandbox: { aiLatencyMs: 0 } });
      await signInDemo(h);
      answer = { out: { words: 'A red square.', img: await pngBase64() } };
      const j = await finished(
        h,
        (await call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt: 'two lessons' })).job.id,
      );
      await call(h, 'ai.teachApply', { jobId: j.id, role: 'media', path: 'out.img' });
      const revision = (await call(h, 'connection.get', {})).profile.revision;
      const preview = await call(h, 'ai.teachPreview', { jobId: j.id, role: 'text', path: 'out.words' });
      expect(preview).toMatchObject({ profileId: 'sandbox-custom', copy: false });
      const both = await call(h, 'ai.teachApply', { jobId: j.id, role: 'text', path: 'out.words' });
      expect(both).toMatchObject({ text: 'A red square.', unknownShape: false });
      expect(both.outputs).toHaveLength(1);
      const after = (await call(h, 'connection.get', {})).profile;
      expect(after.id).toBe('sandbox-custom');
      expect(after.revision).not.toBe(revision);
      expect((await call(h, 'profile.list', {})).map((p) => p.id)).toEqual(['sandbox', 'platform', 'sandbox-custom']);

      await expect(call(h, 'ai.teachPreview', { jobId: j.id, role: 'media', path: 'out.nothing' })).rejects.toThrow(
        /validation The stored answer has nothing at "out\.nothing"/,
      );
      await expect(call(h, 'ai.teachPreview', { jobId: 'missing', role: 'media', path: 'out.img' })).rejects.toThrow(
        /not_found/,
      );
    },
  );
});
