import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs } from '../../../test/support/temp-dirs';
import type { Core } from '../core/app';
import { createLogger } from '../core/logger';
import { SecretRegistry } from '../core/redact';
import { startWebHost, type WebHost, type WebHostOptions } from './server';

const tempDir = tempDirs('web-media');
const TOKEN = 'media-test-token';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const SHA = 'a1'.repeat(32);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The routes never touch the core: a stand-in keeps these tests about media alone.
const core = {
  dispatch: async () => ({ ok: true, data: {} }),
  events: { subscribe: () => () => undefined },
} as unknown as Core;
const logger = createLogger([], new SecretRegistry());

const hosts: WebHost[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close();
});

interface Setup {
  host: WebHost;
  uploadsDir: string;
  blobFile: string;
}

async function start(extra: Partial<WebHostOptions> = {}, withMedia = true): Promise<Setup> {
  const dir = tempDir();
  const rendererDir = path.join(dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  const blobFile = path.join(dir, 'blobs', SHA.slice(0, 2), SHA);
  fs.mkdirSync(path.dirname(blobFile), { recursive: true });
  fs.writeFileSync(blobFile, PNG);
  const uploadsDir = path.join(dir, 'uploads');
  const media = { blobPath: (sha: string) => (sha === SHA ? blobFile : null), uploadsDir };
  const host = await startWebHost({
    core,
    logger,
    rendererDir,
    token: TOKEN,
    ...(withMedia ? { media } : {}),
    ...extra,
  });
  hosts.push(host);
  return { host, uploadsDir, blobFile };
}

interface Answer {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

function request(
  host: WebHost,
  method: string,
  p: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, method, path: p, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const upload = (host: WebHost, body: Buffer, headers: Record<string, string> = {}) =>
  request(
    host,
    'PUT',
    '/upload',
    { 'x-atelier-token': TOKEN, 'x-file-name': encodeURIComponent('clip été.mp4'), ...headers },
    body,
  );

const listing = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('GET /media/<sha256>', () => {
  it('streams the blob with its sniffed type, immutable caching and nosniff', async () => {
    const { host } = await start();
    const res = await request(host, 'GET', `/media/${SHA}?t=${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.body.equals(PNG)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'referrer-policy': 'no-referrer',
    });
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const { host } = await start();
    const res = await request(host, 'GET', `/media/${SHA}?t=${TOKEN}`, { Range: 'bytes=100-149' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-149/${PNG.length}`);
    expect(res.body.equals(PNG.subarray(100, 150))).toBe(true);
    const past = await request(host, 'GET', `/media/${SHA}?t=${TOKEN}`, { Range: `bytes=${PNG.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${PNG.length}`);
  });

  it('answers HEAD with the headers only', async () => {
    const { host } = await start();
    const res = await request(host, 'HEAD', `/media/${SHA}?t=${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.body.length).toBe(0);
  });

  it('refuses without the token, with a wrong one, or from a foreign page', async () => {
    const { host } = await start();
    expect((await request(host, 'GET', `/media/${SHA}`)).status).toBe(403);
    expect((await request(host, 'GET', `/media/${SHA}?t=wrong-token-value`)).status).toBe(403);
    expect((await request(host, 'GET', `/media/${SHA}`, { 'x-atelier-token': TOKEN })).status).toBe(403);
    expect((await request(host, 'GET', `/media/${SHA}?t=${TOKEN}`, { Origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await request(host, 'GET', `/media/${SHA}?t=${TOKEN}`, { Origin: host.origin })).status).toBe(200);
    expect((await request(host, 'GET', `/media/${SHA}?t=${TOKEN}`, { Host: 'evil.example' })).status).toBe(421);
    expect((await request(host, 'POST', `/media/${SHA}?t=${TOKEN}`)).status).toBe(405);
  });

  it('is a 404 for unknown or malformed names and never serves anything but blobs', async () => {
    const { host } = await start();
    const paths = [
      `/media/${'b2'.repeat(32)}`,
      `/media/${SHA.toUpperCase()}`,
      `/media/${SHA}/`,
      `/media/${SHA.slice(2)}`,
      '/media/..%2f..%2f..%2fetc%2fpasswd',
      `/media/%2e%2e%2f${SHA}`,
      '/media/',
    ];
    for (const p of paths) {
      const res = await request(host, 'GET', `${p}?t=${TOKEN}`);
      expect(res.status, p).toBe(404);
      expect(res.headers['cache-control'], p).toBe('no-store');
    }
    // Dot segments are resolved before routing, so this never reaches the media route at all.
    const dotted = await request(host, 'GET', `/media/../../../../etc/passwd?t=${TOKEN}`);
    expect(dotted.body.toString()).not.toContain('root:');
  });
});

describe('PUT /upload', () => {
  it('streams the body to <uploadsDir>/<uuid> and answers 201 with the id', async () => {
    const { host, uploadsDir } = await start();
    const body = randomBytes(3 * 1024 * 1024);
    const res = await upload(host, body);
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/json');
    const { id } = JSON.parse(res.body.toString()) as { id: string };
    expect(id).toMatch(UUID);
    expect(fs.readFileSync(path.join(uploadsDir, id)).equals(body)).toBe(true);
    expect(listing(uploadsDir)).toEqual([id]);
    // Owner-only, whatever the test process's umask: other users of the computer cannot read it.
    expect(fs.statSync(path.join(uploadsDir, id)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(uploadsDir).mode & 0o777).toBe(0o700);
  });

  it('refuses without the token or from a foreign page, writing nothing', async () => {
    const { host, uploadsDir } = await start();
    expect((await upload(host, Buffer.from('x'), { 'x-atelier-token': '' })).status).toBe(403);
    expect((await upload(host, Buffer.from('x'), { 'x-atelier-token': 'wrong' })).status).toBe(403);
    expect((await upload(host, Buffer.from('x'), { Origin: 'https://evil.example' })).status).toBe(403);
    expect(
      (await request(host, 'PUT', `/upload?t=${TOKEN}`, { 'x-file-name': 'a.png' }, Buffer.from('x'))).status,
    ).toBe(403);
    expect((await request(host, 'POST', '/upload', { 'x-atelier-token': TOKEN })).status).toBe(405);
    expect(listing(uploadsDir)).toEqual([]);
  });

  it('needs a URI-encoded file name', async () => {
    const { host } = await start();
    expect((await upload(host, Buffer.from('x'), { 'x-file-name': '' })).status).toBe(400);
    expect((await upload(host, Buffer.from('x'), { 'x-file-name': '%E0%A4%A' })).status).toBe(400);
  });

  it('answers 413 past the cap, from the declared length or while streaming, and keeps nothing', async () => {
    const { host, uploadsDir } = await start({ maxUploadBytes: 1000 });
    expect((await upload(host, randomBytes(1000))).status).toBe(201);
    const declared = await upload(host, randomBytes(1001));
    expect(declared.status).toBe(413);
    // The library's words for a file over the cap, as an import of it would say.
    expect(JSON.parse(declared.body.toString())).toEqual({
      error: 'It is larger than 1 KB, the most the library takes for one file.',
      maxBytes: 1000,
    });

    // Chunked: no length up front, so the cap bites mid-stream.
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: host.port,
          method: 'PUT',
          path: '/upload',
          headers: { 'x-atelier-token': TOKEN, 'x-file-name': 'big.mov' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(randomBytes(800));
      req.write(randomBytes(800));
    });
    expect(streamed).toBe(413);
    await until(() => listing(uploadsDir).length === 1);
    expect(listing(uploadsDir)[0]).toMatch(UUID);
  });

  it('removes the partial file when the page aborts', async () => {
    const { host, uploadsDir } = await start();
    const req = http.request({
      host: '127.0.0.1',
      port: host.port,
      method: 'PUT',
      path: '/upload',
      headers: { 'x-atelier-token': TOKEN, 'x-file-name': 'a.mp4', 'content-length': String(10_000_000) },
    });
    req.on('error', () => undefined);
    req.write(randomBytes(64 * 1024));
    await until(() => listing(uploadsDir).some((n) => n.endsWith('.part')));
    req.destroy();
    await until(() => listing(uploadsDir).length === 0);
  });

  it('removes uploads older than a day at start, and nothing else', async () => {
    const dir = tempDir();
    const uploadsDir = path.join(dir, 'uploads');
    fs.mkdirSync(uploadsDir);
    const old = (Date.now() - 25 * 3600_000) / 1000;
    const names = {
      oldDone: '0b6c2a5e-1f7d-4c39-9a0e-5d1b2c3d4e5f',
      oldPart: '.1b6c2a5e-1f7d-4c39-9a0e-5d1b2c3d4e5f.part',
      fresh: '2b6c2a5e-1f7d-4c39-9a0e-5d1b2c3d4e5f',
      foreign: 'notes.txt',
    };
    for (const n of Object.values(names)) fs.writeFileSync(path.join(uploadsDir, n), 'x');
    for (const n of [names.oldDone, names.oldPart, names.foreign]) fs.utimesSync(path.join(uploadsDir, n), old, old);
    fs.mkdirSync(path.join(dir, 'renderer'));
    const host = await startWebHost({
      core,
      logger,
      rendererDir: path.join(dir, 'renderer'),
      token: TOKEN,
      media: { blobPath: () => null, uploadsDir },
    });
    hosts.push(host);
    expect(listing(uploadsDir).sort()).toEqual([names.fresh, names.foreign].sort());
  });
});

describe('without media', () => {
  it('answers 404 on both routes and still serves the app', async () => {
    const { host } = await start({}, false);
    expect((await request(host, 'GET', `/media/${SHA}?t=${TOKEN}`)).status).toBe(404);
    expect((await upload(host, Buffer.from('x'))).status).toBe(404);
    expect((await request(host, 'GET', '/')).body.toString()).toContain('<title>app</title>');
  });
});
