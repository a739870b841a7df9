import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { UpdateStatus } from '../../shared/updates';
import type { Logger } from '../core/ports';
import { createCore } from '../core/app';
import { nodeDeps } from '../core/node-deps';
import { tempDirs } from '../../../test/support/temp-dirs';
import { type AutoUpdaterLike, type Timers, UpdateController, type UpdaterEvents } from './updater';

const logger: Logger = { log: vi.fn(), debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };

/** A stand-in for electron-updater's autoUpdater: the test decides what each call does. */
class FakeUpdater extends EventEmitter implements AutoUpdaterLike {
  autoDownload = true;
  autoInstallOnAppQuit = false;
  logger: AutoUpdaterLike['logger'] = null;
  checks = 0;
  downloads = 0;
  installs = 0;
  /** What the next check finds: a version, nothing, or an error. */
  next: { version: string } | null | Error = null;
  downloadFails: Error | null = null;

  override on<E extends keyof UpdaterEvents>(event: E, listener: UpdaterEvents[E]): this {
    return super.on(event, listener as (...args: unknown[]) => void);
  }

  async checkForUpdates(): Promise<unknown> {
    this.checks += 1;
    this.emit('checking-for-update');
    const next = this.next;
    if (next instanceof Error) {
      this.emit('error', next);
      throw next;
    }
    if (next === null) {
      this.emit('update-not-available', { version: '1.0.0' });
      return { updateInfo: { version: '1.0.0' } };
    }
    this.emit('update-available', next);
    if (this.autoDownload) void this.downloadUpdate().catch(() => undefined);
    return { updateInfo: next };
  }

  async downloadUpdate(): Promise<unknown> {
    this.downloads += 1;
    this.emit('download-progress', { percent: 12.7 });
    this.emit('download-progress', { percent: 99.9 });
    if (this.downloadFails) {
      // electron-updater verifies the sha512 and signature after downloading: a mismatch is an error.
      this.emit('error', this.downloadFails);
      throw this.downloadFails;
    }
    this.emit('update-downloaded', { version: (this.next as { version: string }).version });
    return [];
  }

  quitAndInstall(): void {
    this.installs += 1;
  }
}

/** Timers and a clock the test moves by hand. */
function fakeTime(start = Date.parse('2025-03-01T09:00:00Z')) {
  let now = start;
  const intervals: { fn: () => void; ms: number; last: number }[] = [];
  const timers: Timers = {
    setInterval: (fn, ms) => {
      const entry = { fn, ms, last: now };
      intervals.push(entry);
      return entry;
    },
    clearInterval: (h) => {
      intervals.splice(intervals.indexOf(h as never), 1);
    },
  };
  return {
    timers,
    now: () => now,
    intervals,
    /** Move the clock, firing the intervals that come due on the way. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = intervals
          .map((i) => ({ i, at: i.last + i.ms }))
          .filter((d) => d.at <= end)
          .sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        due.i.last = due.at;
        due.i.fn();
        await flushPromises();
      }
      now = end;
    },
  };
}

const flushPromises = () => new Promise((r) => setImmediate(r));

function controller(over: Partial<ConstructorParameters<typeof UpdateController>[0]> = {}) {
  const updater = new FakeUpdater();
  const time = fakeTime();
  let auto = true;
  const flush = vi.fn(async () => undefined);
  const c = new UpdateController({
    updater,
    autoDownload: () => auto,
    flush,
    logger,
    now: time.now,
    timers: time.timers,
    ...over,
  });
  const seen: UpdateStatus['state'][] = [];
  c.onChange((s) => seen.push(s.state));
  return { c, updater, time, flush, seen, setAuto: (v: boolean) => (auto = v) };
}

describe('UpdateController', () => {
  it('is disabled with its reason when the build does not update itself', async () => {
    const c = new UpdateController({
      updater: null,
      disabledReason: 'Development build.',
      autoDownload: () => true,
      flush: async () => undefined,
      logger,
    });
    expect(c.status()).toEqual({ state: 'disabled', reason: 'Development build.' });
    c.start();
    expect(await c.check()).toEqual({ state: 'disabled', reason: 'Development build.' });
    expect(await c.install()).toMatchObject({ state: 'disabled' });
  });

  it('takes over the updater: installs on quit, logs through our logger', () => {
    const { updater } = controller();
    expect(updater.autoInstallOnAppQuit).toBe(true);
    updater.logger?.info('Checking for update');
    expect(logger.info).toHaveBeenCalledWith('updater: Checking for update');
  });

  it('no update: idle → checking → up-to-date, with the time of the check', async () => {
    const { c, seen, time } = controller();
    expect(c.status()).toEqual({ state: 'idle', lastCheckedAt: null });
    await c.check();
    expect(seen).toEqual(['checking', 'up-to-date']);
    expect(c.status()).toEqual({ state: 'up-to-date', lastCheckedAt: new Date(time.now()).toISOString() });
  });

  it('automatic download on: checking → downloading (progress) → ready', async () => {
    const { c, updater, seen } = controller();
    updater.next = { version: '1.2.0' };
    await c.check();
    await flushPromises();
    expect(updater.autoDownload).toBe(true);
    expect(seen).toEqual(['checking', 'downloading', 'downloading', 'downloading', 'ready']);
    expect(c.status()).toMatchObject({ state: 'ready', version: '1.2.0', message: null });
    expect(updater.downloads).toBe(1);
    expect(updater.installs).toBe(0);
  });

  it('reports whole percents while downloading', async () => {
    const { c, updater } = controller();
    const percents: number[] = [];
    c.onChange((s) => s.state === 'downloading' && percents.push(s.percent));
    updater.next = { version: '1.2.0' };
    await c.check();
    await flushPromises();
    expect(percents).toEqual([0, 12, 99]);
  });

  it('automatic download off: available waits for the user’s Download', async () => {
    const { c, updater, seen, setAuto } = controller();
    setAuto(false);
    updater.next = { version: '1.2.0' };
    await c.check();
    await flushPromises();
    expect(updater.autoDownload).toBe(false);
    expect(c.status()).toMatchObject({ state: 'available', version: '1.2.0' });
    expect(updater.downloads).toBe(0);
    const done = await c.download();
    expect(done).toMatchObject({ state: 'ready', version: '1.2.0' });
    expect(seen).toEqual(['checking', 'available', 'downloading', 'downloading', 'downloading', 'ready']);
  });

  it('the setting is read at every check', async () => {
    const { c, updater, setAuto } = controller();
    await c.check();
    setAuto(false);
    updater.next = { version: '2.0.0' };
    await c.check();
    expect(c.status().state).toBe('available');
  });

  it('Download does nothing unless an update is available', async () => {
    const { c, updater } = controller();
    expect(await c.download()).toMatchObject({ state: 'idle' });
    expect(updater.downloads).toBe(0);
  });

  it('Restart to update: flushes first, then quits and installs', async () => {
    const { c, updater, flush } = controller();
    const order: string[] = [];
    flush.mockImplementation(async () => {
      await flushPromises();
      order.push('flush');
    });
    updater.quitAndInstall = () => {
      order.push('install');
    };
    updater.next = { version: '1.2.0' };
    await c.check();
    await flushPromises();
    await c.install();
    expect(order).toEqual(['flush', 'install']);
  });

  it('does not install when the flush fails, and says so (the update still installs on quit)', async () => {
    const { c, updater, flush } = controller();
    flush.mockRejectedValue(new Error('disk full'));
    updater.next = { version: '1.2.0' };
    await c.check();
    await flushPromises();
    const status = await c.install();
    expect(updater.installs).toBe(0);
    expect(status).toMatchObject({ state: 'ready', version: '1.2.0', message: expect.stringContaining('disk full') });
  });

  it('Restart to update: backs the database up first, then flushes, then installs', async () => {
    const order: string[] = [];
    const { c, updater, flush } = controller({
      beforeInstall: async () => {
        await flushPromises();
        order.push('backup');
      },
    });
    flush.mockImplementation(async () => void order.push('flush'));
    updater.quitAndInstall = () => void order.push('install');
    updater.next = { version: '1.2.0' };
    await c.check();
    await flushPromises();
    await c.install();
    expect(order).toEqual(['backup', 'flush', 'install']);
  });

  it('installs nothing when the backup before it fails, and says so in words', async () => {
    const { c, updater, flush } = controller({
      beforeInstall: async () =>
        Promise.reject(new Error('The backup could not be written. The disk is full; nothing was changed.')),
    });
    updater.next = { version: '1.2.0' };
    await c.check();
    await flushPromises();
    const status = await c.install();
    expect(flush).not.toHaveBeenCalled();
    expect(updater.installs).toBe(0);
    expect(status).toMatchObject({
      state: 'ready',
      version: '1.2.0',
      message: expect.stringMatching(/could not back up its database.*disk is full/),
    });
  });

  it('Restart does nothing before an update is ready', async () => {
    const { c, updater, flush } = controller();
    await c.install();
    expect(flush).not.toHaveBeenCalled();
    expect(updater.installs).toBe(0);
  });

  it('an install that cannot start after the flush hands back to the host to relaunch', async () => {
    const onInstallFailed = vi.fn();
    const { c, updater } = controller({ onInstallFailed });
    updater.quitAndInstall = () => {
      throw new Error('installer missing');
    };
    updater.next = { version: '1.2.0' };
    await c.check();
    await flushPromises();
    await c.install();
    expect(onInstallFailed).toHaveBeenCalledTimes(1);
    expect(c.status()).toMatchObject({ state: 'ready', message: 'installer missing' });
  });

  it('a failed check is an error state, never a throw; a later check works', async () => {
    const { c, updater } = controller();
    updater.next = new Error('net::ERR_INTERNET_DISCONNECTED\n<html>…</html>');
    await expect(c.check()).resolves.toMatchObject({ state: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' });
    updater.next = null;
    expect(await c.check()).toMatchObject({ state: 'up-to-date' });
  });

  it('a download failing verification leaves the running version alone; the next daily check retries it', async () => {
    const { c, updater, time } = controller();
    updater.next = { version: '1.2.0' };
    updater.downloadFails = new Error('sha512 checksum mismatch');
    c.start();
    await flushPromises();
    expect(c.status()).toMatchObject({ state: 'error', message: 'sha512 checksum mismatch' });
    expect(updater.installs).toBe(0);
    updater.downloadFails = null;
    await time.advance(23 * 60 * 60 * 1000);
    expect(updater.checks).toBe(1);
    await time.advance(60 * 60 * 1000);
    await flushPromises();
    expect(updater.checks).toBe(2);
    expect(c.status()).toMatchObject({ state: 'ready', version: '1.2.0' });
  });

  it('checks on start and then once a day', async () => {
    const { c, updater, time } = controller();
    c.start();
    await flushPromises();
    expect(updater.checks).toBe(1);
    await time.advance(12 * 60 * 60 * 1000);
    expect(updater.checks).toBe(1);
    await time.advance(12 * 60 * 60 * 1000);
    expect(updater.checks).toBe(2);
    await time.advance(3 * 24 * 60 * 60 * 1000);
    expect(updater.checks).toBe(5);
    c.stop();
    expect(time.intervals).toHaveLength(0);
    await time.advance(2 * 24 * 60 * 60 * 1000);
    expect(updater.checks).toBe(5);
  });

  it('a manual check postpones the next daily one; no check while one runs or an update is ready', async () => {
    const { c, updater, time } = controller();
    c.start();
    await flushPromises();
    await time.advance(20 * 60 * 60 * 1000);
    await c.check();
    expect(updater.checks).toBe(2);
    await time.advance(5 * 60 * 60 * 1000);
    expect(updater.checks).toBe(2);
    updater.next = { version: '3.0.0' };
    await c.check();
    await flushPromises();
    expect(c.status().state).toBe('ready');
    await c.check();
    await time.advance(2 * 24 * 60 * 60 * 1000);
    expect(updater.checks).toBe(3);
  });

  it('a later background error does not lose a verified download', async () => {
    const { c, updater } = controller();
    updater.next = { version: '1.2.0' };
    await c.check();
    await flushPromises();
    updater.emit('error', new Error('late'));
    expect(c.status()).toMatchObject({ state: 'ready', version: '1.2.0', message: 'late' });
  });
});

describe('update channels in the core', () => {
  const tmp = tempDirs('updates-core');

  it('browser mode (no updater): updates.status answers disabled with the reason; the actions do nothing', async () => {
    const core = createCore(nodeDeps({ dataDir: tmp(), host: 'web', quiet: true }));
    try {
      expect(await core.dispatch('updates.status', {})).toEqual({
        ok: true,
        data: { state: 'disabled', reason: 'Updates are handled by the desktop app.' },
      });
      expect(await core.dispatch('updates.install', {})).toMatchObject({ ok: true, data: { state: 'disabled' } });
    } finally {
      await core.close();
    }
  });

  it('the desktop updater answers the channels and its changes reach the renderer as updates.changed', async () => {
    const deps = nodeDeps({ dataDir: tmp(), host: 'electron', quiet: true });
    const updater = new FakeUpdater();
    updater.next = { version: '9.9.9' };
    let core: ReturnType<typeof createCore> | null = null;
    const closed = vi.fn();
    const updates = new UpdateController({
      updater,
      autoDownload: () => deps.settings.get().autoDownloadUpdates,
      flush: async () => {
        await core?.close();
        closed();
      },
      logger: deps.logger,
    });
    core = createCore({ ...deps, updates });
    const pushed: string[] = [];
    core.events.subscribe(
      (event, payload) => event === 'updates.changed' && pushed.push((payload as UpdateStatus).state),
    );
    await core.dispatch('settings.update', { autoDownloadUpdates: false });
    expect(await core.dispatch('updates.check', {})).toMatchObject({
      ok: true,
      data: { state: 'available', version: '9.9.9' },
    });
    expect(await core.dispatch('updates.download', {})).toMatchObject({
      ok: true,
      data: { state: 'ready', version: '9.9.9' },
    });
    expect(pushed).toEqual(['checking', 'available', 'downloading', 'downloading', 'downloading', 'ready']);
    // Restart to update: the core closes (everything durable) before the installer is asked to run.
    updater.quitAndInstall = () => {
      expect(closed).toHaveBeenCalled();
      expect(core?.db.open).toBe(false);
      updater.installs += 1;
    };
    expect(await core.dispatch('updates.install', {})).toMatchObject({ ok: true });
    expect(updater.installs).toBe(1);
  });
});
