// Result URLs from answers: which are fetched and how, the size cap (announced or counted), the
// hash recorded; refused addresses never become a request.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlobStore } from '../library/files/blob-store';
import { realTools } from '../media/test-media';
import { HttpClient, isAbort, type HttpRequest } from '../platform/http';
import { startServer, type TestServer } from '../platform/http/test-server';
import { downloadMedia, judgeMediaUrl } from './media-download';
import { ResultStore } from './result-store';
import { answerWith, output } from './test-answers';

const MB = 1024 * 1024;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-media-dl-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const servers: TestServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.close();
});

/** A result store over blobs in root that must make no request. */
function offlineStore(root: string): ResultStore {
  return new ResultStore({
    send: async () => Promise.reject(new Error('no request')),
    fetchPlain: async () => Promise.reject(new Error('no request')),
    blobs: new BlobStore(root),
    tools: realTools,
  });
}

/** The files stored anywhere under root. */
function filesUnder(root: string): (string | Buffer)[] {
  return fs.readdirSync(root, { recursive: true }).filter((f) => fs.statSync(path.join(root, String(f))).isFile());
}

describe('judging a result URL', () => {
  const platform = 'http://10.0.0.5:8080';
  it.each([
    ['http://10.0.0.5:8080/v2/files/a.png', 'platform'],
    ['https://cdn.example.com/a.png', 'other'],
    ['http://127.0.0.1:9000/a.png', 'other'],
    ['http://localhost/a.png', 'other'],
    ['http://[::1]:8000/a.png', 'other'],
    ['http://cdn.example.com/a.png', 'refused'],
    ['http://10.0.0.5:9090/a.png', 'refused'],
    ['file:///etc/passwd', 'refused'],
    ['javascript:alert(1)', 'refused'],
    ['ftp://files.example.com/a.png', 'refused'],
    ['not a url', 'refused'],
  ])('%s → %s', (url, kind) => {
    expect(judgeMediaUrl(url, platform).kind).toBe(kind);
  });

  it('says why, in words', () => {
    expect(judgeMediaUrl('http://cdn.example.com/a.png', platform)).toEqual({
      kind: 'refused',
      reason:
        'The answer names a result on another host over plain http (cdn.example.com); ' +
        'Atelier downloads from other hosts only over https',
    });
    expect(judgeMediaUrl('javascript:alert(1)', platform)).toMatchObject({
      reason: expect.stringMatching(/"javascript:" address, which Atelier never opens/),
    });
  });
});

describe('downloading', () => {
  const bytes = crypto.randomBytes(64 * 1024);
  async function server(): Promise<TestServer> {
    const s = await startServer((_req, res, hit) => {
      if (hit.path === '/announced-big') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(10 * 1024 * 1024) });
        res.end();
        return;
      }
      // Chunked, no length: the cap is counted while reading.
      res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      res.write(bytes.subarray(0, 32 * 1024));
      res.end(bytes.subarray(32 * 1024));
    });
    servers.push(s);
    return s;
  }
  const opts = (blobs: BlobStore, maxBytes: number) => ({
    route: () => (r: HttpRequest) => new HttpClient().request(r),
    blobs,
    signal: new AbortController().signal,
    maxBytes,
    onFraction: () => undefined,
  });

  it('stores the bytes under their hash', async () => {
    const s = await server();
    const blobs = new BlobStore(path.join(tmp, 'a'));
    const got = await downloadMedia(`${s.url}/ok`, opts(blobs, 1024 * 1024));
    expect(got.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    expect(got).toMatchObject({ size: bytes.length, contentType: 'image/png' });
    expect(fs.readFileSync(blobs.path(got.sha256))).toEqual(bytes);
  });

  it('streams a download longer than a small file on, first chunks kept, the head handed to the check', async () => {
    const long = crypto.randomBytes(200 * 1024);
    const s = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      for (let at = 0; at < long.length; at += 16 * 1024) res.write(long.subarray(at, at + 16 * 1024));
      res.end();
    });
    servers.push(s);
    const blobs = new BlobStore(path.join(tmp, 'long'));
    const heads: Buffer[] = [];
    const got = await downloadMedia(`${s.url}/long`, {
      ...opts(blobs, 1024 * 1024),
      check: async (temp, written) => {
        expect(fs.statSync(temp).size).toBe(long.length);
        heads.push(written.head ?? Buffer.alloc(0));
      },
    });
    expect(got).toMatchObject({ size: long.length, sha256: crypto.createHash('sha256').update(long).digest('hex') });
    expect(fs.readFileSync(blobs.path(got.sha256))).toEqual(long);
    expect(heads[0]).toEqual(long.subarray(0, 64 * 1024));
  });

  it('refuses more than the cap, announced or counted, with words, and keeps nothing', async () => {
    const s = await server();
    const blobs = new BlobStore(path.join(tmp, 'b'));
    await expect(downloadMedia(`${s.url}/announced-big`, opts(blobs, 1024 * 1024))).rejects.toMatchObject({
      error: { code: 'validation', message: 'It is larger than 1 MB, the most the library takes for one file.' },
    });
    await expect(downloadMedia(`${s.url}/chunked`, opts(blobs, 40 * 1024))).rejects.toMatchObject({
      error: { message: expect.stringMatching(/larger than 40 KB/) },
    });
    expect(fs.existsSync(blobs.path(crypto.createHash('sha256').update(bytes).digest('hex')))).toBe(false);
  });
});

describe('downloading over the shared connections (no fetch)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const poolOnly = () => {
    globalThis.fetch = () => Promise.reject(new Error('fetch must not be used'));
  };
  const through = (client: HttpClient) => () => (r: HttpRequest) => client.request(r);

  it('stores a redirected download, hashed, the cap counted on the way', async () => {
    const long = crypto.randomBytes(300 * 1024);
    const s = await startServer((_req, res, hit) => {
      if (hit.path === '/a.png') return void res.writeHead(302, { location: '/b.png' }).end();
      res.writeHead(200, { 'content-type': 'image/png' }).end(long);
    });
    servers.push(s);
    poolOnly();
    const blobs = new BlobStore(path.join(tmp, 'pool-a'));
    const common = { route: through(new HttpClient()), blobs, signal: new AbortController().signal };
    const got = await downloadMedia(`${s.url}/a.png`, { ...common, maxBytes: MB, onFraction: () => undefined });
    expect(got).toMatchObject({ size: long.length, sha256: crypto.createHash('sha256').update(long).digest('hex') });
    expect(fs.readFileSync(blobs.path(got.sha256))).toEqual(long);
    expect(s.hits.map((h) => h.path)).toEqual(['/a.png', '/b.png']);
    await expect(
      downloadMedia(`${s.url}/a.png`, { ...common, maxBytes: 100 * 1024, onFraction: () => undefined }),
    ).rejects.toMatchObject({ error: { message: expect.stringMatching(/larger than 100 KB/) } });
  });

  it('says the body is in hand before the result is written and checked; a cut download never says so', async () => {
    const png = crypto.randomBytes(2048);
    const s = await startServer((_req, res, hit) => {
      if (hit.path === '/cut.png') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(MB) });
        res.write(png);
        return void setTimeout(() => res.destroy(), 10);
      }
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    servers.push(s);
    poolOnly();
    const events: string[] = [];
    const blobs = new BlobStore(path.join(tmp, 'pool-c'));
    const common = {
      route: through(new HttpClient({ backoff: { baseMs: 1, capMs: 2 } })),
      blobs,
      signal: new AbortController().signal,
      maxBytes: MB,
      onFraction: () => undefined,
      onReceived: () => events.push('received'),
      check: async () => void events.push('check'),
    };
    const got = await downloadMedia(`${s.url}/ok.png`, common);
    events.push('stored');
    expect(events).toEqual(['received', 'check', 'stored']);
    expect(fs.readFileSync(blobs.path(got.sha256))).toEqual(png);
    events.length = 0;
    await expect(downloadMedia(`${s.url}/cut.png`, common)).rejects.toMatchObject({ error: { code: 'offline' } });
    expect(events).toEqual([]);
  });

  it('a cancelled download stops mid-way, rejects as cancelled and keeps nothing', async () => {
    let sent = 0;
    let closed: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const s = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(64 * MB) });
      const piece = crypto.randomBytes(64 * 1024);
      const more = (): void => {
        while (sent < 64 * MB && !res.destroyed) {
          sent += piece.length;
          if (!res.write(piece)) return void res.once('drain', more);
        }
      };
      res.on('close', closed);
      more();
    });
    servers.push(s);
    poolOnly();
    const root = path.join(tmp, 'pool-b');
    const caller = new AbortController();
    const error: unknown = await downloadMedia(`${s.url}/big.png`, {
      route: through(new HttpClient()),
      blobs: new BlobStore(root),
      signal: caller.signal,
      maxBytes: 128 * MB,
      onFraction: (f) => {
        if (f > 1 / 64) caller.abort();
      },
    }).catch((e: unknown) => e);
    expect(isAbort(error)).toBe(true);
    await gone;
    expect(sent).toBeLessThan(32 * MB);
    // The store removes its partial file as the stream fails, just after the call has rejected.
    await vi.waitFor(() => expect(fs.existsSync(root) ? filesUnder(root) : []).toEqual([]));
  });
});

describe('the result store', () => {
  it('a refused URL is never requested: the note says why and the answer stays raw', async () => {
    const requests: string[] = [];
    const spy = async (req: HttpRequest) => {
      requests.push(req.url);
      throw new Error('no request should be made');
    };
    const store = new ResultStore({
      send: spy,
      fetchPlain: spy,
      blobs: new BlobStore(path.join(tmp, 'c')),
      tools: async () => ({ ffmpeg: null, ffprobe: null }),
    });
    const answer = answerWith([
      output({ url: 'http://media.example.com/x.png' }),
      output({ url: 'file:///etc/passwd' }),
    ]);
    const stored = await store.storeAll(
      answer,
      'text2image',
      'http://127.0.0.1:1',
      new AbortController().signal,
      () => undefined,
    );
    expect(requests).toEqual([]);
    expect(stored).toMatchObject({ unknownShape: true, outputs: [] });
    expect(stored.note).toMatch(/plain http \(media\.example\.com\).*"file:" address/);
  });

  it('what is not media at all stays raw with a note, and nothing is stored for it', async () => {
    const root = path.join(tmp, 'd');
    const store = offlineStore(root);
    const text = output({ data: Buffer.from('plain words, not a picture').toString('base64'), mimeType: 'text/plain' });
    const stored = await store.storeAll(
      answerWith([text]),
      'text2image',
      null,
      new AbortController().signal,
      () => undefined,
    );
    expect(stored).toMatchObject({
      unknownShape: true,
      outputs: [],
      note: 'Result 1 is not an image, a video or audio Atelier recognises.',
    });
    expect(filesUnder(root)).toEqual([]);
  });

  it('a result the intake refuses fails the answer in its words; what it stored before that goes again', async () => {
    const root = path.join(tmp, 'e');
    const store = offlineStore(root);
    const good = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
    const inline = (bytes: Buffer) => output({ data: bytes.toString('base64'), mimeType: 'image/png' });
    const answer = answerWith([inline(good), inline(good.subarray(0, 40))]);
    await expect(
      store.storeAll(answer, 'text2image', null, new AbortController().signal, () => undefined),
    ).rejects.toMatchObject({
      error: {
        code: 'validation',
        message: 'Result 2 could not be kept: It is a damaged or incomplete file: the picture cannot be decoded.',
        hint: expect.stringMatching(/^Retry the job/),
      },
    });
    expect(filesUnder(root)).toEqual([]);
  });
});

describe('redirects of a result URL', () => {
  // A real picture: results pass the library's intake, which decodes them.
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  const noTools = async () => ({ ffmpeg: null, ffprobe: null });
  const answerOf = (url: string) => answerWith([output({ url, mimeType: 'image/png' })]);

  /** Every request that left, in order, through a client that records them. */
  function recordingClient(): { client: HttpClient; sent: string[] } {
    const sent: string[] = [];
    const client = new HttpClient({
      fetch: (input, init) => {
        sent.push(String(input));
        return fetch(input, init);
      },
    });
    return { client, sent };
  }

  /** The platform's client as the session makes it: the credential in a header of the profile's choosing. */
  const withCredentials = (client: HttpClient) => (req: HttpRequest) =>
    client.request({
      ...req,
      headers: { ...req.headers, Authorization: 'Bearer secret-token', 'X-Auth-Token': 'secret-key' },
    });

  async function redirecting(to: (path: string) => string | null): Promise<TestServer> {
    const s = await startServer((_req, res, hit) => {
      const location = to(hit.path);
      if (location !== null) {
        res.writeHead(302, { location });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    });
    servers.push(s);
    return s;
  }

  it('a redirect to plain http on a network host is refused before any request goes there', async () => {
    const { client, sent } = recordingClient();
    const cdn = await redirecting(() => 'http://10.1.2.3/x.png');
    const store = new ResultStore({
      send: withCredentials(client),
      fetchPlain: (r) => client.request(r),
      blobs: new BlobStore(path.join(tmp, 'r1')),
      tools: noTools,
    });
    const stored = await store.storeAll(
      answerOf(`${cdn.url}/a.png`),
      'text2image',
      'http://127.0.0.1:1',
      new AbortController().signal,
      () => undefined,
    );
    expect(stored).toMatchObject({ unknownShape: true, outputs: [] });
    expect(stored.note).toBe(
      'A redirect leads to a result on another host over plain http (10.1.2.3); ' +
        'Atelier downloads from other hosts only over https.',
    );
    expect(sent).toEqual([`${cdn.url}/a.png`]);
  });

  it(
    'from the platform to another port: the next requests carry no credential, whatever its header is called, ' +
      'even back on the platform',
    async () => {
      const { client } = recordingClient();
      let otherUrl = '';
      let platformUrl = '';
      // The platform sends its file on to another port, which sends it back to the platform.
      const platform = await redirecting((p) => (p === '/files/a.png' ? `${otherUrl}/step` : null));
      const other = await redirecting((p) => (p === '/step' ? `${platformUrl}/files/final.png` : null));
      platformUrl = platform.url;
      otherUrl = other.url;
      const store = new ResultStore({
        send: withCredentials(client),
        fetchPlain: (r) => client.request(r),
        blobs: new BlobStore(path.join(tmp, 'r2')),
        tools: noTools,
      });
      const stored = await store.storeAll(
        answerOf(`${platform.url}/files/a.png`),
        'text2image',
        platform.url,
        new AbortController().signal,
        () => undefined,
      );
      expect(stored.note).toBeNull();
      expect(stored.outputs).toHaveLength(1);
      expect(stored.outputs[0]!.sha256).toBe(crypto.createHash('sha256').update(png).digest('hex'));
      const credentials = (h: { path: string; headers: Record<string, unknown> }) => [
        h.path,
        h.headers.authorization ?? null,
        h.headers['x-auth-token'] ?? null,
      ];
      // The platform's own address gets the credential; from the hop that left it on, nothing.
      expect(platform.hits.map(credentials)).toEqual([
        ['/files/a.png', 'Bearer secret-token', 'secret-key'],
        ['/files/final.png', null, null],
      ]);
      expect(other.hits.map(credentials)).toEqual([['/step', null, null]]);
    },
  );

  it('more than 5 redirects are refused with words: 6 requests, no more', async () => {
    const { client, sent } = recordingClient();
    const loop = await redirecting((p) => `/hop/${Number(p.split('/')[2] ?? 0) + 1}`);
    const store = new ResultStore({
      send: withCredentials(client),
      fetchPlain: (r) => client.request(r),
      blobs: new BlobStore(path.join(tmp, 'r3')),
      tools: noTools,
    });
    const stored = await store.storeAll(
      answerOf(`${loop.url}/hop/0`),
      'text2image',
      loop.url,
      new AbortController().signal,
      () => undefined,
    );
    expect(stored).toMatchObject({ unknownShape: true, outputs: [] });
    expect(stored.note).toBe('The address redirected more than 5 times, so Atelier stopped following it.');
    expect(sent).toHaveLength(6);
    expect(loop.hits.map((h) => h.path)).toEqual(['/hop/0', '/hop/1', '/hop/2', '/hop/3', '/hop/4', '/hop/5']);
  });

  it('5 redirects are followed to the file', async () => {
    const { client } = recordingClient();
    const loop = await redirecting((p) => {
      const n = Number(p.split('/')[2] ?? 0);
      return n < 5 ? `/hop/${n + 1}` : null;
    });
    const blobs = new BlobStore(path.join(tmp, 'r4'));
    const got = await downloadMedia(`${loop.url}/hop/0`, {
      route: () => (r) => client.request(r),
      blobs,
      signal: new AbortController().signal,
      maxBytes: 1024 * 1024,
      onFraction: () => undefined,
    });
    expect(got).toMatchObject({ size: png.length, contentType: 'image/png' });
    expect(loop.hits).toHaveLength(6);
  });
});
