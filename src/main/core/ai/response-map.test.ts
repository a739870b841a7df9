// Reading answers with a profile's map: a table of answer shapes × maps → outputs, text, failure
// or "unknown shape" naming the path that found nothing.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AiResponseMap, defaultErrorFields } from '../../../shared/profile';
import { parseAnswer } from './response';
import { readAnswer, readMapped } from './response-map';

type MapInput = z.input<typeof AiResponseMap>;
const map = (m: MapInput) => AiResponseMap.parse(m);
const read = (body: unknown, m: MapInput) => readMapped(body, map(m), defaultErrorFields);
const PNG_B64 = 'iVBORw0KGgo=';

describe('the mapped reader', () => {
  const cases: {
    name: string;
    body: unknown;
    map: MapInput;
    outputs?: { url?: string | null; data?: string | null; mimeType?: string | null }[];
    text?: string | null;
  }[] = [
    {
      name: 'base64 under an unknown field',
      body: { result: { pixels: PNG_B64 } },
      map: { media: ['result.pixels'] },
      outputs: [{ data: PNG_B64, url: null }],
    },
    {
      name: 'base64 said explicitly',
      body: { img: PNG_B64 },
      map: { media: ['img'], mediaEncoding: 'base64' },
      outputs: [{ data: PNG_B64 }],
    },
    {
      name: 'a data URL gives its type',
      body: { img: `data:image/png;base64,${PNG_B64}` },
      map: { media: ['img'] },
      outputs: [{ data: `data:image/png;base64,${PNG_B64}`, mimeType: 'image/png' }],
    },
    {
      name: 'a URL',
      body: { out: { href: 'https://cdn.example/a.png' } },
      map: { media: ['out.href'] },
      outputs: [{ url: 'https://cdn.example/a.png', data: null }],
    },
    {
      name: 'a URL said explicitly',
      body: { out: 'https://cdn.example/a' },
      map: { media: ['out'], mediaEncoding: 'url' },
      outputs: [{ url: 'https://cdn.example/a' }],
    },
    {
      name: 'a list of URLs: one output each',
      body: { files: ['https://cdn.example/1.png', 'https://cdn.example/2.png'] },
      map: { media: ['files'] },
      outputs: [{ url: 'https://cdn.example/1.png' }, { url: 'https://cdn.example/2.png' }],
    },
    {
      name: 'nested * over lists of objects',
      body: { batches: [{ images: [{ b: 'QUJD' }, { b: 'REVG' }] }, { images: [{ b: 'R0hJ' }] }] },
      map: { media: ['batches.*.images.*.b'] },
      outputs: [{ data: 'QUJD' }, { data: 'REVG' }, { data: 'R0hJ' }],
    },
    {
      name: 'objects with url/data read by the object reader, the type from mimeType',
      body: { out: [{ url: 'https://cdn.example/v.mp4' }], meta: { type: 'video/mp4' } },
      map: { media: ['out'], mimeType: ['meta.type'] },
      outputs: [{ url: 'https://cdn.example/v.mp4', mimeType: 'video/mp4' }],
    },
    {
      name: 'the second alias when the first is absent',
      body: { b: PNG_B64 },
      map: { media: ['a', 'b'] },
      outputs: [{ data: PNG_B64 }],
    },
    {
      name: 'text',
      body: { choices: [{ message: { content: 'A red square.' } }] },
      map: { text: ['choices.0.message.content'] },
      outputs: [],
      text: 'A red square.',
    },
    {
      name: 'text from a list joins the lines',
      body: { segments: [{ t: 'one' }, { t: 'two' }] },
      map: { text: ['segments.*.t'] },
      outputs: [],
      text: 'one\ntwo',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const a = read(c.body, c.map);
      expect(a.unknownShape).toBe(false);
      expect(a.failure).toBeNull();
      expect(a.note).toBeNull();
      expect(a.outputs).toHaveLength(c.outputs?.length ?? 0);
      c.outputs?.forEach((o, i) => expect(a.outputs[i]).toMatchObject(o));
      expect(a.text).toBe(c.text ?? null);
    });
  }

  it('a missing field: unknown shape, with the configured path named, never a throw', () => {
    const a = read({ result: { other: 1 } }, { media: ['result.image', 'result.images.*.url'] });
    expect(a).toMatchObject({ unknownShape: true, outputs: [], text: null, failure: null });
    expect(a.note).toBe(
      'The profile says to find the media at "result.image" or "result.images.*.url", ' +
        'but the answer has nothing there.',
    );
    expect(read({}, { media: ['m'], text: ['t'] }).note).toMatch(/the media at "m" and text at "t"/);
    for (const body of [null, 'text', 42, [], { m: null }])
      expect(read(body, { media: ['m'] }).unknownShape).toBe(true);
  });

  it('values that are not media are said, and the readable ones kept', () => {
    const a = read({ out: ['https://cdn.example/ok.png', 42, { nothing: true }] }, { media: ['out'] });
    expect(a.outputs.map((o) => o.url)).toEqual(['https://cdn.example/ok.png']);
    expect(a.unknownShape).toBe(true);
    expect(a.note).toMatch(/2 values at "out" are not media/);
    expect(read({ img: 'not base64!' }, { media: ['img'], mediaEncoding: 'base64' }).unknownShape).toBe(true);
  });

  it('any URL scheme is kept for the download to judge (and refuse) with words', () => {
    expect(read({ img: 'file:///etc/passwd' }, { media: ['img'] }).outputs[0]?.url).toBe('file:///etc/passwd');
    expect(read({ img: { url: 'javascript:alert(1)' } }, { media: ['img'] }).outputs[0]?.url).toBe(
      'javascript:alert(1)',
    );
  });

  it('a failed status fails with the answer’s words (the profile’s error fields), or says the state', () => {
    expect(
      read(
        { state: 'FAILED', error: { message: 'Prompt refused by the safety filter.' } },
        { status: ['state'], media: ['m'] },
      ),
    ).toMatchObject({
      failure: 'Prompt refused by the safety filter.',
      unknownShape: false,
    });
    expect(read({ s: 'boom' }, { status: ['s'], failedValues: ['boom'], text: ['t'] }).failure).toBe(
      'The platform reported the generation as "boom".',
    );
    expect(read({ state: 'succeeded', t: 'ok' }, { status: ['state'], text: ['t'] }).failure).toBeNull();
    const custom = readMapped(
      { state: 'failed', problem: { why: 'Out of credits.' } },
      map({ status: ['state'], media: ['m'] }),
      { message: ['problem.why'], code: ['code'] },
    );
    expect(custom.failure).toBe('Out of credits.');
  });

  it('reads the job id and the status', () => {
    expect(
      read({ job: { id: 'j-7' }, state: 'queued' }, { jobId: ['job.id'], status: ['state'], media: ['m'] }),
    ).toMatchObject({ jobId: 'j-7', status: 'queued' });
    expect(read({ id: 42 }, { jobId: ['id'] }).jobId).toBe('42');
  });

  it('a map naming neither media nor text leaves the result to the common shapes', () => {
    const a = read({ id: 'j1', outputs: [{ url: 'https://cdn.example/a.png' }] }, { jobId: ['id'] });
    expect(a).toMatchObject({ jobId: 'j1', unknownShape: false });
    expect(a.outputs[0]?.url).toBe('https://cdn.example/a.png');
  });

  it('without a map, the common shapes are read exactly as before', () => {
    const body = { status: 'succeeded', outputs: [{ url: 'http://h/x.png', mime_type: 'image/png' }] };
    const { note, jobId, status, ...rest } = readAnswer(body, undefined, defaultErrorFields);
    expect(rest).toEqual(parseAnswer(body));
    expect([note, jobId, status]).toEqual([null, null, null]);
  });
});
