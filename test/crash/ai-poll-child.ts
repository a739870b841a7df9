/**
 * One core process for the AI polling crash test.
 *
 *   ai-poll-child.ts --data DIR --platform URL --submit PROMPT [--die-before-poll]
 *   ai-poll-child.ts --data DIR --platform URL --wait JOB_ID
 *
 * `--submit` connects the core on DIR to the asynchronous test platform at URL (its polling
 * profile, an API key), submits one text2image job and prints {"submitted": id}; it then runs
 * until the job ends (the test usually kills it first). `--die-before-poll` kills the process
 * hard (SIGKILL) when the first question about the accepted job is about to leave: the platform
 * answered "accepted" and nothing was asked yet. `--wait` starts the core on DIR as it was left
 * and prints {"ended": job} once the job has ended.
 */
import { createCore, type Core } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import { asyncProfile } from '../../src/main/core/ai/test-async-platform';
import type { AiJobDetail } from '../../src/shared/ai';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/contract';
import type { PlatformProfileInput } from '../../src/shared/profile';

function arg(flag: string): string | null {
  const i = process.argv.indexOf(flag);
  return i >= 0 && i + 1 < process.argv.length ? (process.argv[i + 1] ?? null) : null;
}

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('still alive after SIGKILL');
}

function print(line: unknown): Promise<void> {
  return new Promise((resolve) => process.stdout.write(`${JSON.stringify(line)}\n`, () => resolve()));
}

async function call<C extends ChannelName>(core: Core, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const result = await core.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data as ChannelOutput<C>;
}

async function submit(core: Core, platform: string, prompt: string): Promise<string> {
  const base = JSON.parse((await call(core, 'profile.export', { id: 'platform' })).json) as PlatformProfileInput;
  await call(core, 'profile.import', { json: JSON.stringify(asyncProfile(base, platform)) });
  await call(core, 'profile.select', { id: 'async-test' });
  await call(core, 'apiKey.set', {
    key: 'test-key-123456',
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  return (await call(core, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt })).job.id;
}

async function ended(core: Core, id: string): Promise<AiJobDetail> {
  for (;;) {
    const job = await call(core, 'ai.get', { id });
    if (job.state === 'succeeded' || job.state === 'failed' || job.state === 'cancelled') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function main(): Promise<void> {
  const data = arg('--data');
  const platform = arg('--platform');
  const prompt = arg('--submit');
  const waitFor = arg('--wait');
  if (!data || !platform || (prompt === null) === (waitFor === null)) {
    throw new Error(
      'usage: ai-poll-child.ts --data DIR --platform URL (--submit PROMPT [--die-before-poll] | --wait JOB_ID)',
    );
  }
  const dieBeforePoll = process.argv.includes('--die-before-poll');
  const deps = nodeDeps({
    dataDir: data,
    host: 'test',
    quiet: true,
    fetch: (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (dieBeforePoll && url.pathname.startsWith('/v2/jobs/')) die();
      return fetch(input, init);
    },
  });
  deps.settings.set({ ...deps.settings.get(), allowWeakSecretStorage: true });
  const core = createCore(deps);
  await core.start();
  const id = prompt !== null ? await submit(core, platform, prompt) : (waitFor as string);
  if (prompt !== null) await print({ submitted: id });
  await print({ ended: await ended(core, id) });
  await core.close();
  process.exit(0);
}

main().catch((e: unknown) => {
  process.stderr.write(`ai-poll-child failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
});
