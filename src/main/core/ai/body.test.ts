// The request body: the profile's template filled in, and media streamed as base64 between the
// JSON around it, chunk by chunk.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AiOperationSpec } from '../../../shared/profile';
import { AppException } from '../errors';
import { bodyChunks } from './body-stream';
import { base64Length, bodyLength, canonical, checkParams, fingerprint, renderBody, type BodyValues } from './template';

const mediaSpec: AiOperationSpec = {
  path: '/v2/ai/image2image',
  media: 'base64',
  template: { model_id: '{{model_id}}', image: { data: '{{media.base64}}', mime_type: '{{media.mime}}' } },
  models: [],
};
const textSpec: AiOperationSpec = {
  path: '/v2/ai/text2image',
  media: 'none',
  template: { model_id: '{{model_id}}', image: { prompt: '{{prompt}}' } },
  models: [],
};
const media = { sha256: 'a'.repeat(64), mimeType: 'image/png', name: 'in.png', size: 10, url: null };
const values = (v: Partial<BodyValues> = {}): BodyValues => ({
  operation: 'image2image',
  modelId: 'm-1',
  prompt: null,
  params: {},
  media,
  ...v,
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof AppException ? `${e.error.code}: ${e.error.message}` : String(e);
  }
  return undefined;
}

async function collect(it: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of it) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
}

describe('renderBody', () => {
  it('fills the template and puts parameters the template does not name into image', () => {
    const body = renderBody(
      textSpec,
      values({ operation: 'text2image', prompt: 'a "quoted" prompt', params: { width: 64, seed: 3 }, media: null }),
    );
    expect(body.streamed).toBeNull();
    expect(JSON.parse(body.prefix)).toEqual({
      model_id: 'm-1',
      image: { prompt: 'a "quoted" prompt', width: 64, seed: 3 },
    });
  });

  it('splits around the media so its base64 can be streamed; provenance names the hash instead', () => {
    const body = renderBody(mediaSpec, values({ params: { sigma: 2 } }));
    expect(body.streamed).toEqual(media);
    expect(JSON.parse(`${body.prefix}QUJD${body.suffix}`)).toEqual({
      model_id: 'm-1',
      image: { data: 'QUJD', mime_type: 'image/png', sigma: 2 },
    });
    expect(body.provenance).toEqual({
      model_id: 'm-1',
      image: { data: `<base64 of sha256:${media.sha256}>`, mime_type: 'image/png', sigma: 2 },
    });
    expect(bodyLength(body)).toBe(Buffer.byteLength(body.prefix) + Buffer.byteLength(body.suffix) + 16);
  });

  it('supports data: URLs and URL profiles', () => {
    const dataUrl: AiOperationSpec = {
      ...mediaSpec,
      template: { model_id: '{{model_id}}', image: { src: '{{media.data_url}}' } },
    };
    const body = renderBody(dataUrl, values());
    expect(`${body.prefix}X${body.suffix}`).toBe('{"model_id":"m-1","image":{"src":"data:image/png;base64,X"}}');
    const byUrl: AiOperationSpec = {
      ...mediaSpec,
      media: 'url',
      template: { model_id: '{{model_id}}', image: { url: '{{media.url}}' } },
    };
    expect(JSON.parse(renderBody(byUrl, values({ media: { ...media, url: 'https://p/x.png' } })).prefix)).toEqual({
      model_id: 'm-1',
      image: { url: 'https://p/x.png' },
    });
    expect(codeOf(() => renderBody(byUrl, values()))).toMatch(/^validation: The platform takes media by URL/);
  });

  it('refuses what it cannot fill: a missing prompt or input, an unknown placeholder, media twice', () => {
    expect(codeOf(() => renderBody(textSpec, values({ prompt: null, media: null })))).toMatch(
      /^validation: Write a prompt/,
    );
    expect(codeOf(() => renderBody(mediaSpec, values({ media: null })))).toMatch(
      /^validation: image2image needs a media input/,
    );
    const unknown: AiOperationSpec = {
      ...textSpec,
      template: { model_id: '{{model_id}}', image: { x: '{{secret}}' } },
    };
    expect(codeOf(() => renderBody(unknown, values()))).toMatch(/uses \{\{secret\}\}/);
    const twice: AiOperationSpec = {
      ...mediaSpec,
      template: { model_id: '{{model_id}}', image: { a: '{{media.base64}}', b: '{{media.base64}}' } },
    };
    expect(codeOf(() => renderBody(twice, values()))).toMatch(/twice/);
    const none: AiOperationSpec = { ...mediaSpec, template: { model_id: '{{model_id}}', image: {} } };
    expect(codeOf(() => renderBody(none, values()))).toMatch(/no \{\{media.base64\}\}/);
  });
});

describe('checkParams', () => {
  const specs = [
    { name: 'width', label: 'Width', type: 'integer' as const, min: 16, max: 64 },
    { name: 'color', label: 'Tint', type: 'color' as const },
  ];
  it('keeps valid values and names every bad one', () => {
    expect(checkParams(specs, { width: 32, color: '#aabbcc' })).toEqual({ width: 32, color: '#aabbcc' });
    expect(codeOf(() => checkParams(specs, { width: 3.5 }))).toMatch(/whole number/);
    expect(codeOf(() => checkParams(specs, { width: 65 }))).toMatch(/between 16 and 64/);
    expect(codeOf(() => checkParams(specs, { color: 'red' }))).toMatch(/colour like/);
    expect(codeOf(() => checkParams(specs, { extra: 1 }))).toMatch(/no parameter "extra"/);
  });
});

describe('fingerprint', () => {
  it('is the same for the same request whatever the key order, and differs for any change', () => {
    const base = { operation: 'text2image', modelId: 'p', prompt: 'x', params: { a: 1, b: 2 }, inputSha: null };
    expect(fingerprint('sandbox', base)).toBe(fingerprint('sandbox', { ...base, params: { b: 2, a: 1 } }));
    for (const other of [
      { ...base, prompt: 'y' },
      { ...base, modelId: 'q' },
      { ...base, params: { a: 1 } },
      { ...base, inputSha: 'f'.repeat(64) },
    ]) {
      expect(fingerprint('sandbox', other)).not.toBe(fingerprint('sandbox', base));
    }
    expect(fingerprint('other-platform', base)).not.toBe(fingerprint('sandbox', base));
    expect(canonical({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });
});

describe('bodyChunks', () => {
  it.each([0, 1, 2, 3, 4, 5, 1000, 65_537])(
    'streams %i bytes as the same base64 Buffer.toString gives, across odd chunk sizes',
    async (size) => {
      const data = crypto.randomBytes(size);
      const body = renderBody(mediaSpec, values({ media: { ...media, size } }));
      // Chunks of 7 bytes: never aligned to base64's 3-byte groups.
      const open = () =>
        Readable.from(
          (function* () {
            for (let i = 0; i < data.length; i += 7) yield data.subarray(i, i + 7);
          })(),
        );
      let reported = 0;
      const out = await collect(bodyChunks(body, open, (n) => (reported += n)));
      expect(out.toString()).toBe(`${body.prefix}${data.toString('base64')}${body.suffix}`);
      expect(reported).toBe(out.length);
      expect(out.length).toBe(bodyLength(body));
      expect(base64Length(size)).toBe(data.toString('base64').length);
    },
  );

  it('fails the body when the stored input turns out damaged (the stream errors)', async () => {
    const body = renderBody(mediaSpec, values());
    const open = () =>
      new Readable({
        read() {
          this.destroy(new Error('damaged'));
        },
      });
    await expect(collect(bodyChunks(body, open))).rejects.toThrow('damaged');
  });
});
