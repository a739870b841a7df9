// The sandbox fuzzed through real HTTP on loopback: every route, in every dialect, with generated
// bodies, headers, paths and queries. Each answer must be well-formed JSON (or the media a file
// route serves), never a 5xx, never a hang; the sandbox must log no handler that threw.
import { Agent } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT_NAMES, startSandbox, type Sandbox } from '../../src/sandbox';
import { call, login } from '../../src/sandbox/test-support';
import { describeValue, fuzz, fuzzRuns, fuzzSeed, within } from './fuzz-run';
import { requestArb, send, type Answer, type RequestContext } from './sandbox-requests';
import { Tally } from './tally';
import fc from 'fast-check';

/** Sandbox routes are many and alike (seven groups share one handler): a quarter of the contract's count each. */
const runsPerRoute = () => Math.max(100, Math.floor(fuzzRuns() / 4));
const ANSWER_MS = 10_000;

interface Credentials {
  token: string;
  apiKey: string;
}

async function credentials(sandbox: Sandbox): Promise<Credentials> {
  const { access_token: token } = await login(sandbox);
  const key = await call(sandbox.url, 'POST', '/account/api-keys', { token, body: { name: 'fuzz' } });
  return { token, apiKey: String(key.body?.key ?? key.body?.api_key ?? '') };
}

/** Ids the routes will find: records of each group and the answer's own ids as they appear. */
async function seedRecords(sandbox: Sandbox, token: string): Promise<string[]> {
  const ids: string[] = [];
  for (const [path, body] of [
    ['/v2/posts', { text: 'hello' }],
    ['/v2/assets', { name: 'a.png' }],
    ['/v2/content-plans', { title: 'May' }],
    ['/v2/creatives', { name: 'banner' }],
    ['/v2/media-templates', { name: 't', body: '{{x}}' }],
    ['/v2/automations', { name: 'auto' }],
  ] as const) {
    const res = await call(sandbox.url, 'POST', path, { token, body });
    if (typeof res.body?.id === 'string') ids.push(res.body.id);
  }
  return ids;
}

/** Answers the contract of a platform: JSON, or media from a file route; a body on every error. */
function judge(req: { method: string; path: string }, answer: Answer): string {
  // 503 is a platform's honest "not now" (the sandbox says so when ffmpeg is missing); other 5xx are bugs.
  if (answer.status >= 500 && answer.status !== 503)
    throw new Error(`HTTP ${answer.status}: ${answer.body.toString('utf8').slice(0, 500)}`);
  const text = answer.body.toString('utf8');
  const media = answer.status < 300 && req.path.startsWith('/v2/files/') && !/json/.test(answer.contentType);
  if (req.method === 'HEAD' || answer.status === 204 || media) return String(answer.status);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(
      `HTTP ${answer.status} with a body that is not JSON (${answer.contentType}): ${text.slice(0, 300)}`,
    );
  }
  if (answer.status >= 400 && (typeof parsed !== 'object' || parsed === null))
    throw new Error(`HTTP ${answer.status} error body is not an object: ${text.slice(0, 300)}`);
  return String(answer.status);
}

describe('sandbox HTTP fuzz', () => {
  let sandbox: Sandbox;
  let creds: Credentials;
  let ids: string[] = [];
  const logged: string[] = [];
  const tally = new Tally();
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  let ctx: RequestContext;

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      rateLimit: false,
      aiLatencyMs: 0,
      ffmpegPath: '/nonexistent/ffmpeg',
      ffprobePath: '/nonexistent/ffprobe',
      log: (line) => logged.push(line),
    });
    creds = await credentials(sandbox);
    ids = await seedRecords(sandbox, creds.token);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    ctx = {
      ids: () => ids,
      token: () => creds.token,
      apiKey: () => creds.apiKey,
      pngBase64: png.toString('base64'),
      words: [
        'posts',
        'text',
        'name',
        'title',
        'caption-1',
        'grid-1',
        sandbox.demo.username,
        sandbox.demo.password,
        sandbox.demo.clientId,
      ],
    };
    console.log(
      `sandbox HTTP fuzz: ${runsPerRoute()} requests per route, seed ${fuzzSeed()} (ATELIER_FUZZ_RUNS, ` +
        `ATELIER_FUZZ_SEED)`,
    );
  }, 60_000);

  afterAll(async () => {
    console.log(tally.report('sandbox HTTP fuzz (results by HTTP status)'));
    agent.destroy();
    await sandbox?.stop();
  });

  /** Admin inputs may change the sandbox for the next one, and some end our credentials: undo that. */
  async function restore(pattern: string): Promise<void> {
    if (pattern.startsWith('/_sandbox')) {
      sandbox.faults.clear();
      sandbox.setRateLimit(false);
      sandbox.clock.advance(-sandbox.clock.offset());
    }
    if (['/_sandbox/expire', '/user/token/refresh', '/account/api-keys/:id'].includes(pattern)) {
      sandbox.setDialect('standard');
      creds = await credentials(sandbox);
    }
  }

  it('answers every route', () => {
    expect(sandbox.routes().length).toBeGreaterThan(50);
  });

  it('fuzzes every route over loopback HTTP', async () => {
    for (const { method, pattern } of sandbox.routes()) {
      const name = `${method} ${pattern}`;
      // The standard reading most often: the others refuse its credentials and field names early.
      const dialect = fc.oneof(
        { weight: 3, arbitrary: fc.constant(DIALECT_NAMES[0] ?? 'standard') },
        { weight: 1, arbitrary: fc.constantFrom(...DIALECT_NAMES) },
      );
      const arbitrary = fc.tuple(dialect, requestArb(method, pattern, ctx));
      const started = Date.now();
      await fuzz(
        {
          name,
          runs: runsPerRoute(),
          arbitrary,
          attempt: async ([dialect, req]) => {
            sandbox.setDialect(dialect);
            const before = logged.length;
            const answer = await within(
              send(new URL(sandbox.url), req, agent),
              ANSWER_MS,
              `no answer within ${ANSWER_MS} ms`,
            );
            const threw = logged.slice(before).filter((line) => / failed: /.test(line));
            if (threw.length > 0) throw new Error(`the sandbox logged a handler that threw: ${describeValue(threw)}`);
            const kind = judge(req, answer);
            await restore(pattern);
            return kind;
          },
        },
        tally,
      );
      if (process.env.ATELIER_FUZZ_TIMES) console.log(`${name}: ${Date.now() - started} ms`);
    }
    expect(tally.targets().length).toBe(sandbox.routes().length);
  }, 600_000);
});
