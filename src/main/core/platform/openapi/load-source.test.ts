import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../../test/support/temp-dirs';
import { AppException } from '../../errors';
import { HttpClient } from '../http';
import { startServer, type TestServer } from '../http/test-server';
import { loadSource } from './load-source';

const tempDir = tempDirs('openapi-load');
const http = new HttpClient({ sleep: async () => undefined });
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function refusal(p: Promise<unknown>): Promise<AppException['error']> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof AppException)) throw new Error(`expected a refusal, got ${String(e)}`);
  return e.error;
}

const FIFTY_MB = 50 * 1024 * 1024;

describe('loadSource', () => {
  it('takes text as it is, named by the file it was read from when the renderer says', async () => {
    expect(await loadSource({ kind: 'text', text: 'openapi: 3.1.0' }, { http })).toEqual({
      text: 'openapi: 3.1.0',
      label: 'The document',
    });
    expect(await loadSource({ kind: 'text', text: 'x', name: 'mine.yaml' }, { http })).toEqual({
      text: 'x',
      label: 'mine.yaml',
    });
  });

  it('reads a file, and refuses a 50 MB one by its size before reading a byte', async () => {
    const dir = tempDir();
    const small = path.join(dir, 'api.yaml');
    fs.writeFileSync(small, 'openapi: 3.0.3');
    expect(await loadSource({ kind: 'file', path: small }, { http })).toEqual({
      text: 'openapi: 3.0.3',
      label: 'api.yaml',
    });
    const huge = path.join(dir, 'huge.json');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, FIFTY_MB); // sparse: 50 MB by its size, nothing written
    expect(await refusal(loadSource({ kind: 'file', path: huge }, { http }))).toMatchObject({
      code: 'too_large',
      message: 'huge.json is 50 MB; the largest document Atelier reads is 10 MB.',
    });
  });

  it('refuses a missing file, a relative path and a file that is not JSON or YAML', async () => {
    const dir = tempDir();
    expect((await refusal(loadSource({ kind: 'file', path: path.join(dir, 'none.yaml') }, { http }))).code).toBe(
      'not_found',
    );
    expect((await refusal(loadSource({ kind: 'file', path: 'api.yaml' }, { http }))).message).toContain(
      'not a full file path',
    );
    expect((await refusal(loadSource({ kind: 'file', path: path.join(dir, 'notes.txt') }, { http }))).message).toBe(
      'notes.txt is not a .json, .yaml or .yml file.',
    );
  });

  it('downloads a document, with the URL for relative servers', async () => {
    server = await startServer((_req, res) => res.end('{"openapi":"3.1.0"}'));
    const loaded = await loadSource({ kind: 'url', url: `${server.url}/openapi.json` }, { http });
    expect(loaded).toEqual({
      text: '{"openapi":"3.1.0"}',
      label: `${server.url}/openapi.json`,
      url: `${server.url}/openapi.json`,
    });
  });

  it('refuses a 50 MB download by its Content-Length, and a larger-than-declared one once past the cap', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': String(FIFTY_MB) });
        res.write('x'.repeat(1024));
        return; // never finishes: the client must not wait for the rest
      }
      res.writeHead(200); // chunked, no length: the cap stops the stream
      const chunk = 'y'.repeat(64 * 1024);
      const pump = () => {
        while (res.write(chunk));
        res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    const declared = await refusal(loadSource({ kind: 'url', url: `${server.url}/declared` }, { http }));
    expect(declared).toMatchObject({
      code: 'too_large',
      message: `${server.url}/declared is 50 MB; the largest document Atelier reads is 10 MB.`,
    });
    const streamed = await refusal(
      loadSource({ kind: 'url', url: `${server.url}/stream` }, { http, maxBytes: 256 * 1024 }),
    );
    expect(streamed).toMatchObject({
      code: 'too_large',
      message: `${server.url}/stream is larger than 0.3 MB; the largest document Atelier reads is 0.3 MB.`,
    });
  });

  it('says which server failed to give the document', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"no such spec"}}');
    });
    const error = await refusal(loadSource({ kind: 'url', url: `${server.url}/missing.yaml` }, { http }));
    expect(error).toMatchObject({
      code: 'unavailable',
      message: `The document could not be downloaded: ${new URL(server.url).host} answered HTTP 404.`,
    });
  });
});

describe('loadSource and redirects', () => {
  it('follows a redirect on this computer to the document', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/latest') return void res.writeHead(301, { location: '/v3/openapi.json' }).end();
      res.end('{"openapi":"3.0.3"}');
    });
    expect((await loadSource({ kind: 'url', url: `${server.url}/latest` }, { http })).text).toBe('{"openapi":"3.0.3"}');
  });

  it('refuses a redirect to plain http on the network without a request there, and more than 5 redirects', async () => {
    const sent: string[] = [];
    const recording = new HttpClient({ fetch: (input, init) => (sent.push(String(input)), fetch(input, init)) });
    server = await startServer((req, res) => {
      if (req.url === '/spec') return void res.writeHead(302, { location: 'http://10.9.8.7/openapi.json' }).end();
      const n = Number(req.url?.split('/')[2] ?? 0);
      res.writeHead(302, { location: `/loop/${n + 1}` }).end();
    });
    const plain = await refusal(loadSource({ kind: 'url', url: `${server.url}/spec` }, { http: recording }));
    expect(plain).toMatchObject({
      code: 'validation',
      message:
        'The document could not be downloaded: it redirects to http://10.9.8.7/openapi.json, ' +
        'which is not an https:// address (plain http only for this computer).',
    });
    expect(sent).toEqual([`${server.url}/spec`]);
    const loop = await refusal(loadSource({ kind: 'url', url: `${server.url}/loop/0` }, { http }));
    expect(loop.message).toBe(
      'The document could not be downloaded: its address redirected more than 5 times, ' +
        'so Atelier stopped following it.',
    );
    expect(server.hits.filter((h) => h.path.startsWith('/loop/'))).toHaveLength(6);
  });
});
