import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDirs } from '../../../test/support/temp-dirs';

const h = vi.hoisted(() => ({
  privileged: [] as unknown[],
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
}));
vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => h.privileged.push(...schemes),
    handle: (scheme: string, fn: (request: Request) => Promise<Response>) => {
      if (h.handlers.has(scheme)) throw new Error(`second handler for ${scheme}`);
      h.handlers.set(scheme, fn);
    },
    unhandle: (scheme: string) => h.handlers.delete(scheme),
  },
}));

import { handleMediaProtocol, registerMediaScheme } from './media-protocol';

const tempDir = tempDirs('media-protocol');
const SHA = 'c3'.repeat(32);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('0123456789'.repeat(10))]);

function serve(): { fetch: (url: string, init?: RequestInit) => Promise<Response>; lookups: string[] } {
  const file = path.join(tempDir(), SHA);
  fs.writeFileSync(file, JPEG);
  const lookups: string[] = [];
  handleMediaProtocol({
    blobPath: (sha) => {
      lookups.push(sha);
      return sha === SHA ? file : null;
    },
  });
  const handler = h.handlers.get('atelier-media');
  if (!handler) throw new Error('no handler registered');
  return { fetch: (url, init) => handler(new Request(url, init)), lookups };
}

beforeEach(() => h.handlers.clear());

describe('atelier-media protocol', () => {
  it('is registered as a standard, secure, streaming scheme the page may fetch', () => {
    registerMediaScheme();
    expect(h.privileged).toEqual([
      { scheme: 'atelier-media', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
  });

  it('serves a blob with its sniffed type and immutable caching', async () => {
    const { fetch } = serve();
    const res = await fetch(`atelier-media://blob/${SHA}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('answers Range requests with 206 and exactly those bytes, and HEAD without a body', async () => {
    const { fetch } = serve();
    const res = await fetch(`atelier-media://blob/${SHA}`, { headers: { Range: 'bytes=4-13' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 4-13/${JPEG.length}`);
    expect(await res.text()).toBe('0123456789');
    const head = await fetch(`atelier-media://blob/${SHA}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect((await fetch(`atelier-media://blob/${SHA}`, { method: 'POST' })).status).toBe(405);
  });

  it('serves nothing but blob/<sha256>', async () => {
    const { fetch, lookups } = serve();
    expect((await fetch(`atelier-media://blob/${'d4'.repeat(32)}`)).status).toBe(404);
    for (const url of [
      `atelier-media://thumb/${SHA}`,
      `atelier-media://blob/${SHA.toUpperCase()}`,
      `atelier-media://blob/${SHA}/extra`,
      'atelier-media://blob/..%2F..%2Fetc%2Fpasswd',
      'atelier-media://blob/../../etc/passwd',
      'atelier-media://blob/',
    ]) {
      expect((await fetch(url)).status, url).toBe(404);
    }
    expect(lookups).toEqual(['d4'.repeat(32)]);
  });

  it('can be unregistered', () => {
    const file = path.join(tempDir(), 'x');
    const off = handleMediaProtocol({ blobPath: () => file });
    expect(h.handlers.has('atelier-media')).toBe(true);
    off();
    expect(h.handlers.has('atelier-media')).toBe(false);
  });
});
