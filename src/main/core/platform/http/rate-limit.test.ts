import { describe, expect, it } from 'vitest';
import { HttpClient } from './index';
import { failure, loopbackServers } from './test-requests';
import { json } from './test-server';

const { server } = loopbackServers();

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * A host whose first answer is a 429 with the Retry-After `limit()` gives (then 200s), and a client
 * whose GET /a met it: the host is blocked until `expiresAt` and /a's retry waits for it.
 */
async function limitedOnce(
  limit: () => { retryAfter: string; expiresAt: number },
  bodies: { limited: unknown; ok: unknown },
) {
  let expiresAt = 0;
  const s = await server((_req, res) => {
    if (expiresAt === 0) {
      const l = limit();
      expiresAt = l.expiresAt;
      return json(res, 429, bodies.limited, { 'retry-after': l.retryAfter });
    }
    json(res, 200, bodies.ok);
  });
  const c = new HttpClient();
  const first = c.request({ method: 'GET', url: `${s.url}/a`, deadlineMs: 5000 });
  while (s.hits.length === 0) await wait(5);
  await wait(50);
  return { s, c, first, expiresAt };
}

describe('HttpClient: Retry-After', () => {
  it('sends nothing to the host before a Retry-After of 2 s expires; other callers wait or fail fast', async () => {
    const { s, c, first, expiresAt } = await limitedOnce(() => ({ retryAfter: '2', expiresAt: Date.now() + 2000 }), {
      limited: { message: 'Slow down' },
      ok: { ok: true },
    });
    expect(c.hostState(s.url).blockedUntil).toBeGreaterThan(Date.now());

    // Not retryable, but may wait.
    const patient = c.request({ method: 'POST', url: `${s.url}/b`, body: {}, deadlineMs: 5000 });
    const hurried = await failure(c.request({ method: 'GET', url: `${s.url}/c`, deadlineMs: 1000 }));
    expect(hurried.error.code).toBe('rate_limited');
    expect(hurried.error.retryAfterMs).toBeGreaterThan(1000);
    expect(hurried.error.retryAfterMs).toBeLessThanOrEqual(2000);

    expect(await first).toMatchObject({ status: 200, attempts: 2 });
    expect((await patient).status).toBe(200);
    expect(s.hits.map((h) => h.path).sort()).toEqual(['/a', '/a', '/b']);
    for (const hit of s.hits.slice(1)) expect(hit.at).toBeGreaterThanOrEqual(expiresAt);
  });

  it('honours an HTTP-date Retry-After the same way', async () => {
    const { s, c, first, expiresAt } = await limitedOnce(
      () => {
        const date = new Date(Date.now() + 2000).toUTCString(); // second precision: expires in 1–2 s
        return { retryAfter: date, expiresAt: Date.parse(date) };
      },
      { limited: {}, ok: {} },
    );
    const second = c.request({ method: 'GET', url: `${s.url}/b`, deadlineMs: 5000 });
    await Promise.all([first, second]);
    expect(s.hits).toHaveLength(3);
    for (const hit of s.hits.slice(1)) expect(hit.at).toBeGreaterThanOrEqual(expiresAt);
  });

  it('fails at once with rate_limited when the wait exceeds the deadline, and blocks the host meanwhile', async () => {
    const s = await server((_req, res) =>
      json(res, 429, { error: { message: 'Daily quota reached' } }, { 'retry-after': '60' }),
    );
    const c = new HttpClient();
    const started = Date.now();
    const e = await failure(c.request({ method: 'GET', url: `${s.url}/a`, deadlineMs: 2000 }));
    expect(Date.now() - started).toBeLessThan(500);
    expect(e.error).toMatchObject({
      code: 'rate_limited',
      message: 'Daily quota reached',
      retryAfterMs: 60_000,
      status: 429,
    });
    const next = await failure(c.request({ method: 'GET', url: `${s.url}/b`, deadlineMs: 2000 }));
    expect(next.error.code).toBe('rate_limited');
    expect(next.error.retryAfterMs).toBeGreaterThan(59_000);
    expect(s.hits).toHaveLength(1);
  });

  it('uses the backoff for a 429 without Retry-After', async () => {
    const s = await server((_req, res) => (s.hits.length === 1 ? json(res, 429, {}) : json(res, 200, {})));
    const r = await new HttpClient({ backoff: { baseMs: 5, capMs: 10 } }).request({ method: 'GET', url: s.url });
    expect(r.attempts).toBe(2);
  });

  it('honours Retry-After on a 503 too', async () => {
    const s = await server((_req, res) =>
      s.hits.length === 1 ? json(res, 503, {}, { 'retry-after': '1' }) : json(res, 200, {}),
    );
    const r = await new HttpClient().request({ method: 'GET', url: s.url, deadlineMs: 3000 });
    expect(r.attempts).toBe(2);
    expect((s.hits[1]?.at ?? 0) - (s.hits[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });
});
