// Reading AI answers whose shape the platform does not publish: known shapes are read, anything
// else is flagged unknown (and kept raw by the caller), never thrown.
import { describe, expect, it } from 'vitest';
import { parseAnswer } from './response';

const SHA = 'b'.repeat(64);

describe('parseAnswer', () => {
  it("reads the sandbox's shape", () => {
    const a = parseAnswer({
      status: 'succeeded',
      text: null,
      outputs: [
        { url: 'http://h/v2/files/x.png', mime_type: 'image/png', sha256: SHA, width: 8, height: 6, duration_s: 1.5 },
      ],
    });
    expect(a).toEqual({
      text: null,
      unknownShape: false,
      failure: null,
      outputs: [
        {
          url: 'http://h/v2/files/x.png',
          data: null,
          mimeType: 'image/png',
          sha256: SHA,
          width: 8,
          height: 6,
          durationMs: 1500,
        },
      ],
    });
    expect(parseAnswer({ text: 'a caption', outputs: [] })).toMatchObject({
      text: 'a caption',
      outputs: [],
      unknownShape: false,
    });
  });

  it('reads common other shapes: nested data, a single url, inline base64, plain URL strings, other text names', () => {
    expect(parseAnswer({ data: { images: [{ b64_json: 'QUJD', mime_type: 'image/png' }] } }).outputs[0]).toMatchObject({
      data: 'QUJD',
      url: null,
    });
    expect(parseAnswer({ url: 'https://cdn/x.mp4' }).outputs[0]).toMatchObject({ url: 'https://cdn/x.mp4' });
    expect(parseAnswer({ output: ['https://cdn/a.png', 'https://cdn/b.png'] }).outputs.map((o) => o.url)).toEqual([
      'https://cdn/a.png',
      'https://cdn/b.png',
    ]);
    expect(parseAnswer({ result: { transcript: 'hello' } }).text).toBe('hello');
  });

  it('flags unknown shapes and partial ones', () => {
    for (const body of [null, 'plain text', 42, [], {}, { job: { state: 'accepted' } }, { outputs: 'nope' }]) {
      expect(parseAnswer(body)).toMatchObject({ unknownShape: true, outputs: [] });
    }
    // One output Atelier can read, one it cannot (not http, no data): the readable one is kept.
    const partial = parseAnswer({ outputs: [{ url: 'https://cdn/a.png' }, { url: 'file:///etc/passwd' }] });
    expect(partial.outputs.map((o) => o.url)).toEqual(['https://cdn/a.png']);
    expect(partial.unknownShape).toBe(true);
    // A malformed checksum is ignored rather than trusted.
    expect(parseAnswer({ outputs: [{ url: 'https://cdn/a.png', sha256: 'xyz' }] }).outputs[0]?.sha256).toBeNull();
  });

  it('a 2xx that says the generation failed is a failure with its message', () => {
    expect(parseAnswer({ status: 'failed', message: 'NSFW prompt refused' }).failure).toBe('NSFW prompt refused');
    expect(parseAnswer({ status: 'error' }).failure).toMatch(/"error"/);
  });
});
