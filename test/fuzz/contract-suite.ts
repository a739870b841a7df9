// The contract fuzz: every channel of a suite, through core.dispatch, on one fenced core. Each
// input must end in a result envelope — ok, or an error whose code is not `internal` — in time.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type ChannelName } from '../../src/shared/contract';
import { EnvelopeSchema } from '../../src/shared/errors';
import { fencedCore, type FencedCore } from '../support/fuzz-core';
import { channelPlans, type PlanContext, type Suite } from './channel-plan';
import { confineStrings } from './confine';
import { describeValue, fuzz, fuzzRuns, fuzzSeed, within, type FuzzTarget } from './fuzz-run';
import { hostileValue } from './hostile';
import { ask, collectPools } from './pools';
import { seedWorkspace, type Seeded } from './seed';
import { Tally } from './tally';
import { arbitraryFor, type DeriveOptions } from './zod-arbitrary';

/** Longest a single input may take before it counts as a hang. */
const ANSWER_MS = 20_000;

export function channelsOf(suite: Suite): ChannelName[] {
  return (Object.keys(channelPlans) as ChannelName[]).filter((c) => channelPlans[c].suite === suite);
}

/** Schema-shaped inputs, the same with hostile values at any depth, and hostile values alone. */
function channelArbitrary(
  channel: ChannelName,
  ctx: PlanContext,
  base: Omit<DeriveOptions, 'hostility'>,
): fc.Arbitrary<unknown> {
  const plan = channelPlans[channel];
  const options = { ...base, overrides: plan.fields?.(ctx) ?? {} };
  const schemas = [contract[channel].input, ...(plan.shapes?.() ?? [])];
  const arbitrary = fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...schemas.map((schema) => arbitraryFor(schema, { ...options, hostility: 0 }))) },
    { weight: 3, arbitrary: fc.oneof(...schemas.map((schema) => arbitraryFor(schema, { ...options, hostility: 1 }))) },
    { weight: 1, arbitrary: hostileValue },
  );
  return plan.confineAll ? arbitrary.map((input) => confineStrings(input, ctx.fence)) : arbitrary;
}

/** One call through dispatch: its kind ("ok" or the error code), or an error saying what went wrong. */
async function attemptCall(f: FencedCore, channel: ChannelName, input: unknown): Promise<string> {
  const before = f.logged.length;
  const result = await within(
    f.core.dispatch(channel, input),
    ANSWER_MS,
    `${channel}: no answer within ${ANSWER_MS} ms`,
  );
  const envelope = EnvelopeSchema.safeParse(result);
  if (!envelope.success) throw new Error(`${channel}: the answer is not a result envelope: ${describeValue(result)}`);
  if (envelope.data.ok) return 'ok';
  if (envelope.data.error.code === 'internal') {
    const logged = f.logged.slice(before).filter((r) => r.level === 'error');
    throw new Error(`${channel}: an internal error; the core logged: ${describeValue(logged)}`);
  }
  return envelope.data.error.code;
}

function channelTarget(f: FencedCore, channel: ChannelName, arbitrary: fc.Arbitrary<unknown>): FuzzTarget<unknown> {
  return { name: channel, arbitrary, attempt: (input) => attemptCall(f, channel, input) };
}

/** Calls to several channels at once, as a busy window sends them: every one must still end typed. */
function concurrentTarget(
  f: FencedCore,
  name: string,
  arbitraries: Map<ChannelName, fc.Arbitrary<unknown>>,
): FuzzTarget<[ChannelName, unknown][]> {
  const call = fc
    .constantFrom(...arbitraries.keys())
    .chain((channel) =>
      (arbitraries.get(channel) as fc.Arbitrary<unknown>).map((input): [ChannelName, unknown] => [channel, input]),
    );
  return {
    name,
    runs: Math.max(100, Math.floor(fuzzRuns() / 2)),
    arbitrary: fc.array(call, { minLength: 2, maxLength: 5 }),
    attempt: async (calls) => {
      const kinds = await Promise.all(calls.map(([channel, input]) => attemptCall(f, channel, input)));
      return kinds.every((k) => k === 'ok') ? 'all ok' : kinds.some((k) => k === 'ok') ? 'some ok' : 'none ok';
    },
  };
}

/** Back to a known state between channels: connected to the sandbox and signed in. */
async function reconnect(f: FencedCore): Promise<void> {
  let result = await f.core.dispatch('connection.useSandbox', {});
  // A connection reset is the network's doing (the core says "offline", as it should): try again.
  for (let tries = 1; !result.ok && result.error.code === 'offline' && tries < 3; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    result = await f.core.dispatch('connection.useSandbox', {});
  }
  if (!result.ok)
    throw new Error(
      [
        `reconnect: ${JSON.stringify(result.error)}`,
        describeValue(f.logged.slice(-15)),
        describeValue(f.core.http.hostState(f.sandbox.url)),
        f.networkFailures.slice(-5).join('\n'),
      ].join('\n'),
    );
}

export function defineContractSuite(suite: Suite, title: string): void {
  describe(`contract fuzz: ${title}`, () => {
    let f: FencedCore;
    let seeded: Seeded;
    let ctx: PlanContext;
    const tally = new Tally();

    beforeAll(async () => {
      f = await fencedCore(suite);
      seeded = await seedWorkspace(f);
      const profile = await ask(f.core, 'profile.export', { id: (await ask(f.core, 'connection.get', {})).profile.id });
      const openApi = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'openapi', 'camel.json'), 'utf8');
      ctx = {
        fence: { root: f.root, cwd: process.cwd() },
        media: () => seeded.media,
        exports: () => seeded.exports,
        openApiFiles: () => seeded.openApiFiles,
        words: [],
        // A custom copy of the profile in use: built-in ids cannot be replaced.
        profileDoc: { ...(JSON.parse(profile.json) as Record<string, unknown>), id: 'fuzzed', name: 'Fuzzed copy' },
        openApiDoc: JSON.parse(openApi) as unknown,
      };
      console.log(
        `contract fuzz (${title}): ${fuzzRuns()} inputs per channel, seed ${fuzzSeed()} (ATELIER_FUZZ_RUNS, ` +
          `ATELIER_FUZZ_SEED)`,
      );
    }, 120_000);

    afterAll(async () => {
      console.log(tally.report(`contract fuzz (${title})`));
      if (f)
        console.log(
          `  network refused outside the sandbox: ${f.blocked.length} requests; ` +
            `updates "installed" by the fake updater: ${f.updates.installs}`,
        );
      await f?.stop();
    });

    for (const channel of channelsOf(suite)) {
      it(
        channel,
        async () => {
          await reconnect(f);
          const pools = await collectPools(f.core, {
            strings: [f.sandbox.demo.username, f.sandbox.demo.password, f.sandbox.demo.clientId],
            urls: [f.sandbox.url],
          });
          ctx = { ...ctx, words: [...pools.words, ...pools.ids] };
          await fuzz(channelTarget(f, channel, channelArbitrary(channel, ctx, pools)), tally);
          expect(tally.tried(channel)).toBeGreaterThanOrEqual(fuzzRuns());
        },
        600_000,
      );
    }

    it(`${suite} channels called concurrently`, async () => {
      await reconnect(f);
      const pools = await collectPools(f.core, {
        strings: [f.sandbox.demo.username, f.sandbox.demo.password],
        urls: [f.sandbox.url],
      });
      const arbitraries = new Map(
        channelsOf(suite).map(
          (c) => [c, channelArbitrary(c, { ...ctx, words: [...pools.words, ...pools.ids] }, pools)] as const,
        ),
      );
      await fuzz(concurrentTarget(f, `${suite} channels, 2-5 at once`, arbitraries), tally);
    }, 600_000);

    it('logs no unexpected error, even from work done in the background', () => {
      const errors = f.logged.filter((r) => r.level === 'error');
      expect(errors, describeValue(errors.slice(0, 5))).toEqual([]);
    });

    it('leaves the database intact', () => {
      expect(f.core.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(f.core.db.pragma('foreign_key_check')).toEqual([]);
    });
  });
}
