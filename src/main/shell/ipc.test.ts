import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../shared/contract';

const h = vi.hoisted(() => ({ handlers: new Map<string, (event: unknown, raw: unknown) => Promise<unknown>>() }));
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, raw: unknown) => Promise<unknown>) => {
      if (h.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      h.handlers.set(channel, fn);
    },
    removeHandler: (channel: string) => h.handlers.delete(channel),
  },
}));

import { createCore, type Core } from '../core/app';
import { nodeDeps } from '../core/node-deps';
import { registerIpc } from './ipc';

const APP_URL = 'file:///opt/atelier/out/renderer/index.html';
let core: Core;
let dir: string;
let unregister: () => void;
const ourContents = { id: 7 } as { id: number; mainFrame?: unknown };

function event(opts: { contentsId?: number; url?: string; subframe?: boolean; noFrame?: boolean } = {}) {
  const mainFrame = { url: opts.url ?? APP_URL, parent: null };
  const sender = { id: opts.contentsId ?? 7, mainFrame };
  const senderFrame = opts.noFrame ? null : opts.subframe ? { url: opts.url ?? APP_URL, parent: mainFrame } : mainFrame;
  return { sender, senderFrame };
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-ipc-'));
  core = createCore(nodeDeps({ dataDir: dir, host: 'test', quiet: true }));
  unregister = registerIpc(
    core.dispatch,
    { isOurContents: (c) => c.id === ourContents.id, isAppUrl: (u) => u.startsWith(APP_URL) },
    nodeDeps({ dataDir: dir, host: 'test', quiet: true }).logger,
  );
});

afterEach(async () => {
  unregister();
  await core.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('IPC registration', () => {
  it('registers exactly one handler per contract channel', () => {
    expect([...h.handlers.keys()].sort()).toEqual(channelNames.map((c) => `atelier:${c}`).sort());
  });

  it('serves our window through dispatch', async () => {
    const result = await h.handlers.get('atelier:settings.get')!(event(), {});
    expect(result).toMatchObject({ ok: true, data: { theme: 'system' } });
  });

  it.each([
    ['another window', { contentsId: 99 }],
    ['a subframe', { subframe: true }],
    ['a foreign page in our window', { url: 'https://evil.example/' }],
    ['a sender without a frame', { noFrame: true }],
  ])('refuses %s with a forbidden error and writes nothing', async (_name, opts) => {
    const before = core.handlers['settings.get']({});
    const result = await h.handlers.get('atelier:settings.update')!(event(opts), { theme: 'dark' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await core.handlers['settings.get']({})).toEqual(await before);
  });

  it('validates input from our own window too', async () => {
    const result = await h.handlers.get('atelier:settings.update')!(event(), { theme: 42 });
    expect(result).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ path: 'theme' }] } });
  });
});
