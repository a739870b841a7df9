import { describe, expect, it } from 'vitest';
import { HttpClient, PlatformError, type HostStateChange } from './index';

/** What undici throws when nothing listens. */
function refused(): Error {
  return Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  });
}

/** A virtual clock: sleeping advances it, so minutes pass in milliseconds. */
function fakeTime() {
  const time = { now: 0, sleeps: [] as number[] };
  const sleep = async (ms: number): Promise<void> => {
    time.sleeps.push(ms);
    time.now += ms;
  };
  return { time, now: () => time.now, sleep };
}

async function settle(p: Promise<unknown>): Promise<PlatformError | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(PlatformError);
    return e as PlatformError;
  }
}

const URL_A = 'https://platform.example/v1/posts';

describe('HttpClient: circuit breaker', () => {
  it(
    'sends at most 20 requests to a host that is offline for 10 minutes of constant callers, ' +
      'then closes on success',
    async () => {
      const { time, now, sleep } = fakeTime();
      let up = false;
      const calls: number[] = [];
      const fetch: typeof globalThis.fetch = async () => {
        calls.push(time.now);
        if (!up) throw refused();
        return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
      };
      const changes: HostStateChange[] = [];
      const c = new HttpClient({ fetch, now, sleep, random: () => 0.5 });
      c.onStateChange((change) => changes.push(change));

      let offline = 0;
      for (let t = 0; t < 10 * 60_000; t += 250) {
        time.now = Math.max(time.now, t);
        // Three callers at once every 250 ms: the sync engine, the AI queue and the UI.
        const results = await Promise.all([
          settle(c.request({ method: 'GET', url: URL_A })),
          settle(c.request({ method: 'POST', url: URL_A, idempotencyKey: `k${t}`, body: {} })),
          settle(c.request({ method: 'GET', url: `${URL_A}/1` })),
        ]);
        for (const r of results) if (r !== 'ok' && r.error.code === 'offline') offline += 1;
      }
      expect(offline).toBe(3 * 2400);
      expect(calls.length).toBeLessThanOrEqual(20);
      expect(calls.length).toBe(3 + 13); // threshold failures + the probe schedule 2, 4, 8, 16, 32, then every 60 s
      expect(changes.map((ch) => ch.state)).toEqual(['offline']);
      expect(c.hostState(URL_A)).toMatchObject({ host: 'platform.example', state: 'offline' });

      up = true;
      time.now += 60_000;
      const r = await c.request({ method: 'GET', url: URL_A });
      expect(r.body).toEqual({ ok: true });
      expect(changes.map((ch) => ch.state)).toEqual(['offline', 'online']);
      expect(c.hostState(URL_A).state).toBe('online');
    },
  );

  it('fails fast while open without touching the network, and resetCircuit lets the next request through', async () => {
    const { time, now, sleep } = fakeTime();
    let fetches = 0;
    const warnings: unknown[] = [];
    const log = (): void => undefined;
    const logger = {
      log,
      debug: log,
      info: log,
      error: log,
      warn: (m: string, f?: Record<string, unknown>) => void warnings.push({ m, ...f }),
    };
    const c = new HttpClient({
      fetch: async () => {
        fetches += 1;
        throw refused();
      },
      now,
      sleep,
      logger,
    });
    await settle(c.request({ method: 'GET', url: URL_A }));
    expect(fetches).toBe(3);
    expect(warnings).toEqual([{ m: 'platform unreachable: circuit open', host: 'platform.example' }]);
    const e = await settle(c.request({ method: 'GET', url: URL_A }));
    expect(e !== 'ok' && e.error).toMatchObject({ code: 'offline', message: 'The platform cannot be reached.' });
    expect(fetches).toBe(3);
    // Another host is unaffected.
    await settle(c.request({ method: 'GET', url: 'https://cdn.example/x', maxAttempts: 1 }));
    expect(fetches).toBe(4);

    c.resetCircuit();
    await settle(c.request({ method: 'GET', url: URL_A }));
    expect(fetches).toBe(5); // one probe, its retries refused by the still-open circuit
    expect(time.now).toBeLessThan(2000);
  });

  it('counts any HTTP answer as reachable: 5xx never opens the circuit', async () => {
    let fetches = 0;
    const { now, sleep } = fakeTime();
    const c = new HttpClient({
      fetch: async () => {
        fetches += 1;
        return new Response('<h1>Bad Gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } });
      },
      now,
      sleep,
    });
    for (let i = 0; i < 5; i += 1) await settle(c.request({ method: 'GET', url: URL_A }));
    expect(fetches).toBe(15);
    expect(c.hostState(URL_A).state).toBe('online');
  });
});

describe('HttpClient: backoff', () => {
  it('sleeps full-jitter capped exponential delays between attempts', async () => {
    const { time, now, sleep } = fakeTime();
    const fetch: typeof globalThis.fetch = async () => new Response('', { status: 503 });
    const c = new HttpClient({ fetch, now, sleep, random: () => 0.5, backoff: { baseMs: 250, capMs: 1000 } });
    await settle(c.request({ method: 'GET', url: URL_A, maxAttempts: 6, deadlineMs: 60_000 }));
    expect(time.sleeps).toEqual([125, 250, 500, 500, 500]);
  });

  it('never sleeps past the deadline: fails at once with the last error instead', async () => {
    const { time, now, sleep } = fakeTime();
    let fetches = 0;
    const fetch: typeof globalThis.fetch = async () => {
      fetches += 1;
      time.now += 100; // each answer takes 100 ms
      return new Response('{"message":"busy"}', { status: 503, headers: { 'content-type': 'application/json' } });
    };
    const c = new HttpClient({ fetch, now, sleep, random: () => 0.99, backoff: { baseMs: 1000, capMs: 4000 } });
    const e = await settle(c.request({ method: 'GET', url: URL_A, maxAttempts: 10, deadlineMs: 3000 }));
    expect(e !== 'ok' && e.error).toMatchObject({ code: 'unavailable', message: 'busy', status: 503 });
    expect(time.now).toBeLessThanOrEqual(3000);
    expect(time.sleeps.every((ms) => ms <= 4000)).toBe(true);
    // 100 + 990 (wait) + 100 = 1190 ms; a 1980 ms wait would leave the third attempt under its 300 ms reserve.
    expect(time.sleeps).toEqual([990]);
    expect(fetches).toBe(2);
  });
});
