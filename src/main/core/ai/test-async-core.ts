// Test helper (not product code): a core connected to the asynchronous test platform, and
// waiting for its jobs. Kept apart from the platform so a child process can use that without vitest.
import type { z } from 'zod';
import type { AiJobDetail } from '../../../shared/ai';
import type { AiPoll, PlatformProfileInput } from '../../../shared/profile';
import { afterEach } from 'vitest';
import { call, coreWithSandbox, type Harness } from '../../../../test/support/core-with-sandbox';
import { asyncProfile, startAsyncPlatform, type AsyncPlatform } from './test-async-platform';

/** Things to stop after a test, last first. */
export type Cleanup = (() => Promise<unknown>)[];

/** A test file's cleanup list, emptied (last first) after each test. */
export function cleanupAfterEach(): Cleanup {
  const cleanup: Cleanup = [];
  afterEach(async () => {
    while (cleanup.length) await cleanup.pop()?.();
  });
  return cleanup;
}

/** The asynchronous test platform, closed after the test. */
export async function asyncPlatform(cleanup: Cleanup): Promise<AsyncPlatform> {
  const p = await startAsyncPlatform();
  cleanup.push(() => p.close());
  return p;
}

/** Resolves with the probe's first value that is not null, undefined or false. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A core using the async platform at `url` (profile imported and selected, an API key in use). */
export async function connectedCore(
  cleanup: Cleanup,
  url: string,
  poll: Partial<z.input<typeof AiPoll>> = {},
  opts: Parameters<typeof coreWithSandbox>[0] = {},
): Promise<Harness> {
  const h = await coreWithSandbox(opts);
  cleanup.push(() => h.stop());
  const base = JSON.parse((await call(h, 'profile.export', { id: 'platform' })).json) as PlatformProfileInput;
  await call(h, 'profile.import', { json: JSON.stringify(asyncProfile(base, url, poll)) });
  await call(h, 'profile.select', { id: 'async-test' });
  await call(h, 'apiKey.set', {
    key: 'test-key-123456',
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  return h;
}

export async function submitPrompt(h: Harness, prompt: string): Promise<string> {
  const r = await call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt });
  return r.job.id;
}

/** The job once it succeeded, failed or was cancelled. */
export async function ended(h: Harness, id: string, timeoutMs = 20_000): Promise<AiJobDetail> {
  return until(
    `job ${id} to end`,
    async () => {
      const j = await call(h, 'ai.get', { id });
      return j.state === 'succeeded' || j.state === 'failed' || j.state === 'cancelled' ? j : null;
    },
    timeoutMs,
  );
}
