import { describe, expect, it } from 'vitest';
import { loggerOver } from '../../logger';
import type { Logger, LogLevel } from '../../ports';
import { HttpClient, isAbort, PlatformError } from './index';
import { failure, loopbackServers } from './test-requests';
import { json, refusedUrl, startBlackhole } from './test-server';

const { server, closeAfterTest } = loopbackServers();

/** Retries wait no more than a few ms, so tests stay quick. */
function client(extra: ConstructorParameters<typeof HttpClient>[0] = {}): HttpClient {
  return new HttpClient({ backoff: { baseMs: 5, capMs: 20 }, ...extra });
}

function memoryLogger(): {
  logger: Logger;
  records: { level: LogLevel; message: string; fields?: Record<string, unknown> }[];
} {
  const records: { level: LogLevel; message: string; fields?: Record<string, unknown> }[] = [];
  const log = (level: LogLevel, message: string, fields?: Record<string, unknown>): void =>
    void records.push({ level, message, fields });
  return { records, logger: loggerOver(log) };
}

describe('HttpClient: successful answers', () => {
  it('parses JSON, keeps text, and reads empty bodies as null', async () => {
    const s = await server((req, res) => {
      if (req.url === '/json') return json(res, 200, { id: 'p1', tags: ['a'] });
      if (req.url === '/text') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      if (req.url === '/sniff') return void res.writeHead(200).end('{"sniffed":true}');
      if (req.url === '/none') return void res.writeHead(204).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end();
    });
    const c = client();
    const j = await c.request({ method: 'GET', url: `${s.url}/json` });
    expect(j).toMatchObject({ status: 200, body: { id: 'p1', tags: ['a'] }, attempts: 1 });
    expect(j.headers.get('content-type')).toBe('application/json');
    expect((await c.request({ method: 'GET', url: `${s.url}/text` })).body).toBe('hello');
    expect((await c.request({ method: 'GET', url: `${s.url}/sniff` })).body).toEqual({ sniffed: true });
    expect((await c.request({ method: 'DELETE', url: `${s.url}/none` })).body).toBeNull();
    expect((await c.request({ method: 'GET', url: `${s.url}/empty-json` })).body).toBeNull();
  });

  it('sends JSON bodies as JSON and binary bodies as-is with the caller content-type', async () => {
    const s = await server((_req, res) => json(res, 201, { ok: true }));
    const c = client();
    await c.request({ method: 'POST', url: `${s.url}/posts`, body: { caption: 'hi' } });
    await c.request({
      method: 'PUT',
      url: `${s.url}/media`,
      body: Buffer.from([1, 2, 3]),
      headers: { 'Content-Type': 'image/png' },
    });
    expect(s.hits[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(s.hits[0]?.body.toString() ?? '')).toEqual({ caption: 'hi' });
    expect(s.hits[1]?.headers['content-type']).toBe('image/png');
    expect([...(s.hits[1]?.body ?? [])]).toEqual([1, 2, 3]);
  });

  it('refuses a request it cannot build as internal, without touching the network', async () => {
    const e = await failure(client().request({ method: 'GET', url: 'not a url' }));
    expect(e.error.code).toBe('internal');
  });
});

describe('HttpClient: error mapping', () => {
  const html = (title: string): string =>
    `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  const cases: { status: number; type?: string; body: string; code: string; message: string | RegExp }[] = [
    {
      status: 401,
      type: 'application/json',
      body: '{"error":{"message":"Token expired"}}',
      code: 'auth',
      message: 'Token expired',
    },
    { status: 401, body: '', code: 'auth', message: /sign-in \(401\)/ },
    {
      status: 403,
      type: 'application/json',
      body: '{"message":"Not your post"}',
      code: 'denied',
      message: 'Not your post',
    },
    { status: 404, body: '', code: 'not_found', message: /could not find .*\(404\)/ },
    {
      status: 409,
      type: 'application/json',
      body: '{"error":"version mismatch","current":{"id":"p1","version":7}}',
      code: 'conflict',
      message: 'version mismatch',
    },
    { status: 412, body: '', code: 'conflict', message: /\(412\)/ },
    {
      status: 400,
      type: 'application/json',
      body: '{"detail":"title is required"}',
      code: 'denied',
      message: 'title is required',
    },
    {
      status: 422,
      type: 'application/json',
      body: '{"error":"invalid","error_description":"caption too long"}',
      code: 'denied',
      message: 'caption too long',
    },
    { status: 418, type: 'text/plain', body: "I'm a teapot", code: 'denied', message: "I'm a teapot" },
    {
      status: 429,
      type: 'application/json',
      body: '{"message":"Slow down"}',
      code: 'rate_limited',
      message: 'Slow down',
    },
    {
      status: 500,
      type: 'text/html',
      body: html('500 Internal Server Error'),
      code: 'unavailable',
      message: '500 Internal Server Error',
    },
    {
      status: 502,
      body: '<html><body><h1>Bad <i>Gateway</i></h1></body></html>',
      code: 'unavailable',
      message: 'Bad Gateway',
    },
    {
      status: 503,
      type: 'application/json',
      body: '{"error":{"mess',
      code: 'unavailable',
      message: /problem answering \(503\)/,
    },
    {
      status: 404,
      type: 'application/json',
      body: '{"error":{"message":"No such po',
      code: 'not_found',
      message: /\(404\)/,
    },
    {
      status: 200,
      type: 'application/json',
      body: '{"items":[{"id":1},{"id"',
      code: 'unavailable',
      message: /malformed answer \(200\)/,
    },
  ];

  it.each(cases)('$status $type → $code', async ({ status, type, body, code, message }) => {
    const s = await server((_req, res) => res.writeHead(status, type ? { 'content-type': type } : {}).end(body));
    const e = await failure(client().request({ method: 'GET', url: `${s.url}/x`, maxAttempts: 1 }));
    expect(e.error.code).toBe(code);
    expect(e.error.message).toMatch(message);
    expect(e.status).toBe(status);
    expect(e.error.status).toBe(status);
  });

  it('keeps the parsed error body so a 409 current record can be read', async () => {
    const s = await server((_req, res) => json(res, 409, { message: 'stale', current: { id: 'p1', version: 7 } }));
    const e = await failure(client().request({ method: 'PATCH', url: `${s.url}/posts/p1`, body: { version: 6 } }));
    expect(e.body).toEqual({ message: 'stale', current: { id: 'p1', version: 7 } });
  });

  it('maps connection refused to offline', async () => {
    const e = await failure(client().request({ method: 'GET', url: `${await refusedUrl()}/x`, maxAttempts: 1 }));
    expect(e.error).toMatchObject({ code: 'offline', message: 'The platform cannot be reached.' });
    expect(e.error.hint).toBeTruthy();
    expect(e.status).toBeUndefined();
  });
});

describe('HttpClient: retries', () => {
  it('sends a POST without an idempotency key exactly once on 503', async () => {
    const s = await server((_req, res) => json(res, 503, { message: 'busy' }));
    const e = await failure(client().request({ method: 'POST', url: `${s.url}/posts`, body: { a: 1 } }));
    expect(e.error.code).toBe('unavailable');
    expect(s.hits).toHaveLength(1);
  });

  it('retries a keyed POST up to 3 attempts with the same Idempotency-Key', async () => {
    const s = await server((_req, res) => json(res, 503, { message: 'busy' }));
    const e = await failure(
      client().request({ method: 'POST', url: `${s.url}/posts`, body: { a: 1 }, idempotencyKey: 'key-123' }),
    );
    expect(e.error).toMatchObject({ code: 'unavailable', message: 'busy', status: 503 });
    expect(s.hits.map((h) => h.headers['idempotency-key'])).toEqual(['key-123', 'key-123', 'key-123']);
  });

  it('succeeds on a later attempt and reports how many it took', async () => {
    const s = await server((_req, res) => (s.hits.length < 3 ? json(res, 502, {}) : json(res, 200, { ok: true })));
    const r = await client().request({ method: 'GET', url: `${s.url}/x` });
    expect(r).toMatchObject({ body: { ok: true }, attempts: 3 });
  });

  it('retries a GET on network failure, then gives up as offline', async () => {
    let fetches = 0;
    const c = client({
      circuit: { failureThreshold: 10 },
      fetch: (input, init) => ((fetches += 1), fetch(input, init)),
    });
    const e = await failure(c.request({ method: 'GET', url: `${await refusedUrl()}/x` }));
    expect(e.error.code).toBe('offline');
    expect(fetches).toBe(3);
  });

  it.each([400, 401, 403, 404, 409])('never retries %i', async (status) => {
    const s = await server((_req, res) => json(res, status, {}));
    await failure(client().request({ method: 'GET', url: `${s.url}/x`, idempotencyKey: 'k' }));
    expect(s.hits).toHaveLength(1);
  });

  it('retries 500 for GET only', async () => {
    const s = await server((_req, res) => json(res, 500, {}));
    await failure(client().request({ method: 'GET', url: `${s.url}/get` }));
    await failure(client().request({ method: 'POST', url: `${s.url}/post`, idempotencyKey: 'k' }));
    expect(s.hits.filter((h) => h.path === '/get')).toHaveLength(3);
    expect(s.hits.filter((h) => h.path === '/post')).toHaveLength(1);
  });

  it('honours maxAttempts 1', async () => {
    const s = await server((_req, res) => json(res, 503, {}));
    await failure(client().request({ method: 'GET', url: `${s.url}/x`, maxAttempts: 1 }));
    expect(s.hits).toHaveLength(1);
  });
});

describe('HttpClient: deadlines', () => {
  it('ends every concurrent request to a blackholed host within deadline + 10%, as offline', async () => {
    const hole = await startBlackhole();
    closeAfterTest(() => hole.close());
    const c = client();
    const deadlineMs = 400;
    const runs = Array.from({ length: 8 }, async (_v, i) => {
      const started = Date.now();
      const e = await failure(
        c.request({ method: i % 2 ? 'GET' : 'POST', url: `${hole.url}/x`, deadlineMs, idempotencyKey: 'k' }),
      );
      return { e, ms: Date.now() - started };
    });
    const results = await Promise.all(runs);
    for (const { e, ms } of results) {
      expect(e.error.code).toBe('offline');
      expect(ms).toBeLessThanOrEqual(deadlineMs * 1.1);
    }
    expect(results[0]?.e.error.message).toBe('The platform did not answer within 0.4 s.');
    expect(hole.connections()).toBeGreaterThan(0);
  });

  it('retries a stalled attempt within the deadline when attemptTimeoutMs is set', async () => {
    const hole = await startBlackhole();
    closeAfterTest(() => hole.close());
    const started = Date.now();
    const e = await failure(
      client({ circuit: { failureThreshold: 10 } }).request({
        method: 'GET',
        url: `${hole.url}/x`,
        deadlineMs: 600,
        attemptTimeoutMs: 150,
      }),
    );
    expect(Date.now() - started).toBeLessThanOrEqual(660);
    expect(e.error.code).toBe('offline');
    expect(hole.connections()).toBeGreaterThanOrEqual(2);
  });
});

describe('HttpClient: cancellation', () => {
  it('aborts the in-flight request at once and rejects with an error isAbort recognises', async () => {
    let closed = 0;
    const s = await server((req) => req.socket.on('close', () => (closed += 1))); // never answers
    const c = client();
    const controller = new AbortController();
    const started = Date.now();
    const pending = failure(
      c.request({ method: 'GET', url: `${s.url}/slow`, signal: controller.signal, deadlineMs: 5000 }),
    );
    while (s.hits.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const e = await pending;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(isAbort(e)).toBe(true);
    expect(e.error).toEqual({ code: 'unavailable', message: 'The request was cancelled.' });
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(1);
    expect(c.hostState(s.url).consecutiveFailures).toBe(0); // cancelling says nothing about the host
  });

  it('sends nothing when already aborted, and stops a backoff wait', async () => {
    const s = await server((_req, res) => json(res, 503, {}));
    const aborted = AbortSignal.abort();
    expect(isAbort(await failure(client().request({ method: 'GET', url: s.url, signal: aborted })))).toBe(true);
    expect(s.hits).toHaveLength(0);

    const controller = new AbortController();
    const slow = new HttpClient({ backoff: { baseMs: 10_000, capMs: 10_000 }, random: () => 1 });
    const pending = failure(slow.request({ method: 'GET', url: s.url, signal: controller.signal, deadlineMs: 60_000 }));
    while (s.hits.length === 0) await new Promise((r) => setTimeout(r, 5));
    const started = Date.now();
    controller.abort();
    expect(isAbort(await pending)).toBe(true);
    expect(Date.now() - started).toBeLessThan(200);
    expect(isAbort(new PlatformError({ code: 'offline', message: 'x' }))).toBe(false);
  });
});

describe('HttpClient: secrets', () => {
  it('never lets the Authorization value into errors or logs, even when the server echoes it', async () => {
    const token = 'tok_9f8e7d6c5b4a3210abcdef';
    const s = await server((req, res) => {
      const auth = req.headers.authorization ?? '';
      if (req.url?.startsWith('/json'))
        return json(res, 401, { error: { message: `bad credentials ${auth}` }, echo: { auth, [token]: 1 } });
      if (req.url === '/html')
        return void res.writeHead(500, { 'content-type': 'text/html' }).end(`<title>Denied ${token}</title>`);
      json(res, 200, { ok: true });
    });
    const { logger, records } = memoryLogger();
    const c = client({ logger });
    const headers = { Authorization: `Bearer ${token}` };
    const errors = [
      await failure(c.request({ method: 'GET', url: `${s.url}/json?access_token=${token}`, headers })),
      await failure(c.request({ method: 'GET', url: `${s.url}/html`, headers, maxAttempts: 1 })),
    ];
    await c.request({ method: 'GET', url: `${s.url}/ok?token=${token}`, headers });
    for (const e of errors) {
      expect(e.message).not.toContain(token);
      expect(JSON.stringify(e)).not.toContain(token);
      expect(JSON.stringify(e.error)).not.toContain(token);
    }
    expect(errors[0]?.message).toContain('bad credentials');
    expect(errors[1]?.message).toContain('Denied');
    expect(JSON.stringify(records)).not.toContain(token);
    expect(JSON.stringify(records)).not.toContain('Authorization');
  });

  it('logs one debug line per attempt with method, URL without query, status and time', async () => {
    const s = await server((_req, res) => (s.hits.length < 2 ? json(res, 503, {}) : json(res, 200, {})));
    const { logger, records } = memoryLogger();
    await client({ logger }).request({ method: 'GET', url: `${s.url}/posts?cursor=abc` });
    const lines = records.filter((r) => r.level === 'debug');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.fields).toMatchObject({ method: 'GET', url: `${s.url}/posts`, status: 503, attempt: 1 });
    expect(lines[1]?.fields).toMatchObject({ status: 200, attempt: 2 });
    expect(typeof lines[0]?.fields?.ms).toBe('number');
  });
});
