// The client bench's dialect run: the same authorized GETs against the sandbox speaking the
// "camel" reading (a `Token` scheme, camelCase answers inside `{data:…}`, 5-second access
// tokens), through the app's client with that dialect's profile, against a plain client (the
// fastest of the main comparison) that logs in again when refused. Each side runs for a fixed
// time; refresh calls are printed beside the access-token lifetimes crossed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { plainClient, type PlainClient, type PlainClientName } from './plain-clients';
import type { Log } from './report';

const DIALECT = 'camel';
const ROUNDS = 2;
const CONCURRENCY = 8;
const TARGET = 0.9;
const PATH = '/v2/posts?pageSize=1';

interface Side {
  name: 'baseline' | 'ours';
  once(): Promise<void>;
  refreshes(): number;
}

/** A plain client of the camel dialect: log in, send `Token <t>`, log in again (once for all) when refused. */
function plainSide(sandbox: Sandbox, client: PlainClient): Side {
  let token: Promise<string> | null = null;
  let logins = 0;
  const login = async (): Promise<string> => {
    logins += 1;
    const res = await client.send({
      method: 'POST',
      path: '/user/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        login: sandbox.demo.username,
        secret: sandbox.demo.password,
        clientId: sandbox.demo.clientId,
      }),
    });
    const data = res.body !== null && typeof res.body === 'object' && 'data' in res.body ? res.body.data : undefined;
    const access = data !== null && typeof data === 'object' && 'accessToken' in data ? data.accessToken : undefined;
    if (typeof access !== 'string') throw new Error(`baseline login: HTTP ${res.status}`);
    return access;
  };
  const get = (t: string) =>
    client.send({ method: 'GET', path: PATH, headers: { authorization: `Token ${t}`, accept: 'application/json' } });
  return {
    name: 'baseline',
    once: async () => {
      const used = (token ??= login());
      let res = await get(await used);
      if (res.status === 401) {
        if (token === used) token = login();
        res = await get(await token);
      }
      if (res.status !== 200) throw new Error(`baseline: HTTP ${res.status}`);
    },
    refreshes: () => logins,
  };
}

function oursSide(sandbox: Sandbox, core: Core): Side {
  return {
    name: 'ours',
    once: async () => {
      await core.session.request({ method: 'GET', url: `${sandbox.url}${PATH}` });
    },
    refreshes: () => core.session.stats.refreshCalls,
  };
}

/** Requests completed by CONCURRENCY workers in `seconds`. */
async function timed(side: Side, seconds: number): Promise<{ count: number; ms: number }> {
  const end = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await side.once();
        count += 1;
      }
    }),
  );
  return { count, ms: performance.now() - started };
}

async function dialectCore(sandbox: Sandbox, dir: string): Promise<Core> {
  const deps = nodeDeps({ dataDir: dir, host: 'test', quiet: true });
  deps.sync = { autoStart: false };
  const core = createCore(deps);
  await core.start();
  const profile = fs.readFileSync(
    path.resolve(__dirname, `../../src/sandbox/dialects/profiles/${DIALECT}.json`),
    'utf8',
  );
  const steps = [
    core.dispatch('profile.import', { json: profile }),
    core.dispatch('profile.select', {
      id: `sandbox-${DIALECT}`,
      baseUrl: sandbox.url,
      clientId: sandbox.demo.clientId,
      clientSecret: sandbox.demo.clientSecret,
    }),
    core.dispatch('session.signIn', { username: sandbox.demo.username, password: sandbox.demo.password }),
  ];
  for (const step of steps) {
    const result = await step;
    if (!result.ok) throw new Error(`dialect set-up: ${result.error.message}`);
  }
  return core;
}

export interface DialectRunOptions {
  /** The plain client to compare with (the fastest of the main comparison). */
  client: PlainClientName;
  /** Seconds per side and round. */
  seconds: number;
  log: Log;
}

/** Runs the dialect comparison and prints its table and ratio line. */
export async function dialectRun(
  options: DialectRunOptions,
): Promise<{ ratio: number; baselineRate: number; oursRate: number }> {
  const { log, seconds } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-dialect-'));
  const sandbox = await startSandbox({ port: 0, rateLimit: false, dialect: DIALECT });
  const client = plainClient(options.client, sandbox.url, CONCURRENCY);
  const lifeMs = 5_000;
  let core: Core | undefined;
  try {
    core = await dialectCore(sandbox, dir);
    const sides = [plainSide(sandbox, client), oursSide(sandbox, core)];
    for (const side of sides) await timed(side, 1); // warm-up
    const totals = { baseline: { count: 0, ms: 0, refreshes: 0 }, ours: { count: 0, ms: 0, refreshes: 0 } };
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const side of round % 2 ? sides : [...sides].reverse()) {
        const before = side.refreshes();
        const r = await timed(side, seconds);
        totals[side.name].count += r.count;
        totals[side.name].ms += r.ms;
        totals[side.name].refreshes += side.refreshes() - before;
      }
    }
    const rate = (s: keyof typeof totals) => (totals[s].count / totals[s].ms) * 1000;
    const crossed = Math.floor(totals.ours.ms / lifeMs);
    log('');
    log(
      `Dialect run: "${DIALECT}" (Token scheme, camelCase in {data:…}, ${lifeMs / 1000} s access tokens), ` +
        `${ROUNDS} rounds × ${seconds} s per side, concurrency ${CONCURRENCY}`,
    );
    log(
      `  ${client.label}, logs in again when refused: ${rate('baseline').toFixed(0)} req/s, ` +
        `${totals.baseline.refreshes} logins`,
    );
    log(
      `  core.session.request with the profile: ${rate('ours').toFixed(0)} req/s, ` +
        `${totals.ours.refreshes} refresh calls for ${crossed} token lifetimes crossed while it ran`,
    );
    const ratio = rate('ours') / rate('baseline');
    log(`dialect ratio ours/${client.name}: ${ratio.toFixed(3)}  (target ≥ ${TARGET})`);
    log(
      ratio >= TARGET
        ? 'dialect target met'
        : `DIALECT RUN BELOW TARGET: ${(ratio * 100).toFixed(1)}% of the ${client.name} rate`,
    );
    if (core.session.stats.refreshRefused > 0)
      log(`warning: ${core.session.stats.refreshRefused} refreshes were refused`);
    return { ratio, baselineRate: rate('baseline'), oursRate: rate('ours') };
  } finally {
    await core?.close();
    await client.close();
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
