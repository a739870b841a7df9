// The shared keep-alive connections (undici.request) keep what fetch did for API calls: redirects
// followed with credentials dropped when they leave the origin, a POST's 303 re-sent as a GET,
// answers' headers readable, a GET with a body refused before anything is sent.
import { describe, expect, it } from 'vitest';
import { HttpClient } from './index';
import { failure, loopbackServers } from './test-requests';
import { json } from './test-server';

const { server } = loopbackServers();

describe('HttpClient over the shared connections', () => {
  it('follows a redirect to another origin without Authorization, and keeps it on the same origin', async () => {
    const other = await server((_req, res, hit) => json(res, 200, { auth: hit.headers.authorization ?? null }));
    const s = await server((_req, res, hit) => {
      if (hit.path === '/away') return void res.writeHead(307, { location: `${other.url}/there` }).end();
      if (hit.path === '/near') return void res.writeHead(307, { location: '/here' }).end();
      json(res, 200, { auth: hit.headers.authorization ?? null });
    });
    const c = new HttpClient();
    const headers = { authorization: 'Bearer secret-1' };
    expect((await c.request({ method: 'GET', url: `${s.url}/away`, headers })).body).toEqual({ auth: null });
    expect((await c.request({ method: 'GET', url: `${s.url}/near`, headers })).body).toEqual({
      auth: 'Bearer secret-1',
    });
  });

  it("re-sends a POST's 303 as a GET without its body", async () => {
    const s = await server((_req, res, hit) => {
      if (hit.path === '/submit') return void res.writeHead(303, { location: '/result' }).end();
      json(res, 200, { method: hit.method, body: hit.body.toString() });
    });
    const res = await new HttpClient().request({ method: 'POST', url: `${s.url}/submit`, body: { a: 1 } });
    expect(res.body).toEqual({ method: 'GET', body: '' });
    expect(s.hits.map((h) => h.method)).toEqual(['POST', 'GET']);
  });

  it('hands every answer header to the caller, several values of one name joined', async () => {
    const s = await server((_req, res) => {
      res.setHeader('x-trace', ['a', 'b']);
      json(res, 200, { ok: true }, { 'x-request-id': 'r-42' });
    });
    const res = await new HttpClient().request({ method: 'GET', url: s.url });
    expect(res.headers.get('x-request-id')).toBe('r-42');
    expect(res.headers.get('x-trace')).toBe('a, b');
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('refuses a GET with a body as internal, sending nothing', async () => {
    const s = await server((_req, res) => json(res, 200, {}));
    const e = await failure(new HttpClient().request({ method: 'GET', url: s.url, body: { a: 1 } }));
    expect(e.error.code).toBe('internal');
    expect(s.hits).toHaveLength(0);
  });

  it('stops reading an answer past the size cap: too large, and the next request still goes through', async () => {
    const big = 'x'.repeat(256 * 1024);
    const s = await server((_req, res, hit) =>
      hit.path === '/big' ? res.writeHead(200, { 'content-type': 'text/plain' }).end(big) : json(res, 200, { ok: 1 }),
    );
    const c = new HttpClient({ maxBodyBytes: 1024 });
    const e = await failure(c.request({ method: 'GET', url: `${s.url}/big` }));
    expect(e.error).toMatchObject({
      code: 'unavailable',
      message: "The platform's answer was too large to read (200).",
    });
    expect((await c.request({ method: 'GET', url: `${s.url}/small` })).body).toEqual({ ok: 1 });
  });

  it('reads a body that arrives in many chunks whole', async () => {
    const parts = Array.from({ length: 50 }, (_v, i) => `"k${i}":"${'v'.repeat(2000)}"`);
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let i = 0;
      const next = (): void => {
        if (i === parts.length) return void res.end('}');
        res.write((i === 0 ? '{' : ',') + parts[i]);
        i += 1;
        setImmediate(next);
      };
      next();
    });
    const res = await new HttpClient().request({ method: 'GET', url: s.url });
    expect(Object.keys(res.body as object)).toHaveLength(50);
  });

  it('gives up after 20 redirects, sending no 22nd request', async () => {
    const s = await server((_req, res, hit) => void res.writeHead(302, { location: `${hit.path}x` }).end());
    const e = await failure(new HttpClient().request({ method: 'GET', url: `${s.url}/r`, maxAttempts: 1 }));
    expect(e.error.code).toBe('offline');
    expect(s.hits).toHaveLength(21);
  });

  it('a cancel while the body is still arriving ends the call at once', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":'); // and nothing more
    });
    const controller = new AbortController();
    const pending = failure(new HttpClient().request({ method: 'GET', url: s.url, signal: controller.signal }));
    while (s.hits.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect((await pending).error).toEqual({ code: 'unavailable', message: 'The request was cancelled.' });
  });
});
