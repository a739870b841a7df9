// Result URLs from answers: which are fetched and how, the size cap (announced or counted), the
// hash recorded; refused addresses never become a request.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BlobStore } from '../library/files/blob-store';
import { realTools } from '../library/files/test-media';
import { HttpClient, type HttpRequest } from '../platform/http';
import { startServer, type TestServer } from '../platform/http/test-server';
import { downloadMedia, judgeMediaUrl } from './media-download';
import { ResultStore } from './result-store';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-media-dl-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const servers: TestServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.close();
});

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
      reason: 'The answer names a result on another host over plain http (cdn.example.com); Atelier downloads from other hosts only over https',
    });
    expect(judgeMediaUrl('javascript:alert(1)', platform)).toMatchObject({ reason: expect.stringMatching(/"javascript:" address, which Atelier never opens/) });
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
  const opts = (blobs: BlobStore, maxBytes: number) => ({ via: (r: HttpRequest) => new HttpClient().request(r), blobs, signal: new AbortController().signal, maxBytes, onFraction: () => undefined });

  it('stores the bytes under their hash', async () => {
    const s = await server();
    const blobs = new BlobStore(path.join(tmp, 'a'));
    const got = await downloadMedia(`${s.url}/ok`, opts(blobs, 1024 * 1024));
    expect(got.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    expect(got).toMatchObject({ size: bytes.length, contentType: 'image/png' });
    expect(fs.readFileSync(blobs.path(got.sha256))).toEqual(bytes);
  });

  it('refuses more than the cap, announced or counted, with words, and keeps nothing', async () => {
    const s = await server();
    const blobs = new BlobStore(path.join(tmp, 'b'));
    await expect(downloadMedia(`${s.url}/announced-big`, opts(blobs, 1024 * 1024))).rejects.toMatchObject({
      error: { code: 'validation', message: 'It is larger than 1 MB, the most the library takes for one file.' },
    });
    await expect(downloadMedia(`${s.url}/chunked`, opts(blobs, 40 * 1024))).rejects.toMatchObject({ error: { message: expect.stringMatching(/larger than 40 KB/) } });
    expect(fs.existsSync(blobs.path(crypto.createHash('sha256').update(bytes).digest('hex')))).toBe(false);
  });
});

describe('the result store', () => {
  it('a refused URL is never requested: the note says why and the answer stays raw', async () => {
    const requests: string[] = [];
    const spy = async (req: HttpRequest) => {
      requests.push(req.url);
      throw new Error('no request should be made');
    };
    const store = new ResultStore({ send: spy, fetchPlain: spy, blobs: new BlobStore(path.join(tmp, 'c')), tools: async () => ({ ffmpeg: null, ffprobe: null }) });
    const answer = { text: null, failure: null, unknownShape: false, note: null, jobId: null, status: null, outputs: [
      { url: 'http://media.example.com/x.png', data: null, mimeType: null, sha256: null, width: null, height: null, durationMs: null },
      { url: 'file:///etc/passwd', data: null, mimeType: null, sha256: null, width: null, height: null, durationMs: null },
    ] };
    const stored = await store.storeAll(answer, 'text2image', 'http://127.0.0.1:1', new AbortController().signal, () => undefined);
    expect(requests).toEqual([]);
    expect(stored).toMatchObject({ unknownShape: true, outputs: [] });
    expect(stored.note).toMatch(/plain http \(media\.example\.com\).*"file:" address/);
  });

  it('what is not media at all stays raw with a note, and nothing is stored for it', async () => {
    const root = path.join(tmp, 'd');
    const store = new ResultStore({ send: async () => Promise.reject(new Error('no request')), fetchPlain: async () => Promise.reject(new Error('no request')), blobs: new BlobStore(root), tools: realTools });
    const text = { url: null, data: Buffer.from('plain words, not a picture').toString('base64'), mimeType: 'text/plain', sha256: null, width: null, height: null, durationMs: null };
    const stored = await store.storeAll({ text: null, failure: null, unknownShape: false, note: null, jobId: null, status: null, outputs: [text] }, 'text2image', null, new AbortController().signal, () => undefined);
    expect(stored).toMatchObject({ unknownShape: true, outputs: [], note: 'Result 1 is not an image, a video or audio Atelier recognises.' });
    expect(fs.readdirSync(root, { recursive: true }).filter((f) => fs.statSync(path.join(root, String(f))).isFile())).toEqual([]);
  });

  it('a result the intake refuses fails the answer in its words; what the answer stored before it goes again', async () => {
    const root = path.join(tmp, 'e');
    const store = new ResultStore({ send: async () => Promise.reject(new Error('no request')), fetchPlain: async () => Promise.reject(new Error('no request')), blobs: new BlobStore(root), tools: realTools });
    const good = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#204080' } }).png().toBuffer();
    const inline = (bytes: Buffer) => ({ url: null, data: bytes.toString('base64'), mimeType: 'image/png', sha256: null, width: null, height: null, durationMs: null });
    const answer = { text: null, failure: null, unknownShape: false, note: null, jobId: null, status: null, outputs: [inline(good), inline(good.subarray(0, 40))] };
    await expect(store.storeAll(answer, 'text2image', null, new AbortController().signal, () => undefined)).rejects.toMatchObject({
      error: { code: 'validation', message: 'Result 2 could not be kept: It is a damaged or incomplete file: the picture cannot be decoded.', hint: expect.stringMatching(/^Retry the job/) },
    });
    expect(fs.readdirSync(root, { recursive: true }).filter((f) => fs.statSync(path.join(root, String(f))).isFile())).toEqual([]);
  });
});
