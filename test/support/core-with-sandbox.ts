import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { createCore, type Core } from '../../src/main/core/app';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/contract';
import { nodeDeps } from '../../src/main/core/node-deps';
import { SECRET } from '../../src/main/core/platform/secret-keys';
import type { Clock, CoreDeps, Notifier } from '../../src/main/core/ports';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';

export interface Harness {
  core: Core;
  sandbox: Sandbox;
  dataDir: string;
  deps: ReturnType<typeof nodeDeps>;
  notifications: { title: string; body: string; route?: string }[];
  /** Count of requests our fetch made, by path. */
  sent: Map<string, number>;
  stop(): Promise<void>;
}

/** A core on a temp folder, connected to a fresh in-process sandbox (the app's Sandbox connection). */
export async function coreWithSandbox(
  opts: {
    sandbox?: SandboxOptions;
    reuse?: Sandbox;
    clock?: Clock;
    dataDir?: string;
    consent?: boolean;
    faultPoint?: (n: string) => void;
    /** Sync runs only when a test calls core.sync.run(), unless autoStart is set. */
    sync?: NonNullable<CoreDeps['sync']>;
    mediaTools?: CoreDeps['mediaTools'];
    /** Sees every request the core makes, in the order it makes them (before it leaves). */
    observe?: (method: string, url: URL, body: unknown) => void;
  } = {},
): Promise<Harness> {
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-core-sbx-'));
  const sandbox = opts.reuse ?? (await startSandbox({ port: 0, rateLimit: false, ...opts.sandbox }));
  const notifications: Harness['notifications'] = [];
  const notifier: Notifier = { notify: (n) => notifications.push(n) };
  const sent = new Map<string, number>();
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    sent.set(url.pathname, (sent.get(url.pathname) ?? 0) + 1);
    if (opts.observe)
      opts.observe(init?.method ?? 'GET', url, typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
    return fetch(input, init);
  };
  const deps = nodeDeps({
    dataDir,
    host: 'test',
    quiet: true,
    notifier,
    ...(opts.clock ? { clock: opts.clock } : {}),
    fetch: countingFetch,
    faultPoint: opts.faultPoint,
    embeddedSandbox: async () => ({ url: sandbox.url, demo: sandbox.demo, stop: async () => undefined }),
  });
  deps.sync = { autoStart: false, ...opts.sync };
  if (opts.mediaTools) deps.mediaTools = opts.mediaTools;
  if (opts.consent) deps.settings.set({ ...deps.settings.get(), allowWeakSecretStorage: true });
  const core = createCore(deps);
  await core.start();
  return {
    core,
    sandbox,
    dataDir,
    deps,
    notifications,
    sent,
    stop: async () => {
      await core.close();
      if (!opts.reuse) await sandbox.stop();
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sign in to the sandbox's demo account through the same channel the first-run screen uses. */
export async function signInDemo(h: Harness): Promise<void> {
  const result = await h.core.dispatch('connection.useSandbox', {});
  if (!result.ok) throw new Error(`sign-in failed: ${JSON.stringify(result.error)}`);
}

/** One authorized request through the session, as every feature will make them. */
export async function listAssets(h: Harness): Promise<unknown> {
  const res = await h.core.session.request({ method: 'GET', url: `${h.sandbox.url}/v2/assets?limit=1` });
  return res.body;
}

/** Harnesses for one test file, each stopped after its test. */
export function harnesses(): (opts?: Parameters<typeof coreWithSandbox>[0]) => Promise<Harness> {
  const open: Harness[] = [];
  afterEach(async () => {
    while (open.length) await open.pop()?.stop();
  });
  return async (opts = {}) => {
    const h = await coreWithSandbox(opts);
    open.push(h);
    return h;
  };
}

/**
 * For a test file whose tests keep their harness in one file-level variable: after each test it is
 * stopped, its data folder removed (even one the test chose), and the variable cleared.
 */
export function stopAfterEach(current: () => Harness | undefined, clear: () => void): void {
  afterEach(async () => {
    const h = current();
    await h?.stop();
    if (h) fs.rmSync(h.dataDir, { recursive: true, force: true });
    clear();
  });
}

/**
 * Makes API keys in the sandbox's stand-in for the account's API Key section, each valid for `days`,
 * with the session's access token as it is now (a key set later replaces it).
 */
export async function apiKeyMaker(h: Harness): Promise<(days: number) => Promise<{ key: string; expires_at: string }>> {
  const token = JSON.parse((await h.deps.secrets.get(SECRET.tokens))!).access as string;
  return async (days) =>
    (await (
      await fetch(`${h.sandbox.url}/account/api-keys`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ expires_at: new Date(Date.now() + days * 86_400_000).toISOString() }),
      })
    ).json()) as { key: string; expires_at: string };
}

/** One API key made by `apiKeyMaker`, valid for `days`. */
export const createApiKey = async (h: Harness, days: number) => (await apiKeyMaker(h))(days);

/** Call a channel through dispatch and return its data; a failure throws with its code and message. */
export async function call<C extends ChannelName>(
  h: Harness,
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  const result = await h.core.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data as ChannelOutput<C>;
}

/** Every live record of a sandbox collection (posts, content-plans, media-queue…), read through the core's session. */
export async function remoteAll(h: Harness, path: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  for (;;) {
    const url = `${h.sandbox.url}${path}?limit=200${cursor ? `&cursor=${cursor}` : ''}`;
    const body = (await h.core.session.request({ method: 'GET', url })).body as {
      items: Record<string, unknown>[];
      next_cursor: string;
      has_more: boolean;
    };
    out.push(...body.items);
    if (!body.has_more) return out;
    cursor = body.next_cursor;
  }
}
