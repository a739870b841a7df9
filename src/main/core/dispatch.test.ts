import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { channelNames, type HandlerMap } from '../../shared/contract';
import { defaultSettings } from '../../shared/settings';
import { DatabaseDamagedError } from './db/damage';
import { DamageState, damageWords, refuseWhileDamaged } from './db/damage-state';
import { createDispatcher, type DispatchOptions } from './dispatch';
import { AppException } from './errors';
import { createLogger, memorySink, type LogRecord } from './logger';
import { SecretRegistry } from './redact';

function setup(overrides: Partial<HandlerMap> = {}, validateOutputs = true, gate?: DispatchOptions['gate']) {
  const records: LogRecord[] = [];
  const registry = new SecretRegistry();
  const logger = createLogger([memorySink(records)], registry);
  const unused = Object.fromEntries(
    channelNames.map((c) => [
      c,
      vi.fn(() => {
        throw new Error('not used');
      }),
    ]),
  ) as unknown as HandlerMap;
  const handlers: HandlerMap = {
    ...unused,
    'settings.get': vi.fn(() => defaultSettings),
    'settings.update': vi.fn((patch) => ({ ...defaultSettings, ...patch })),
    'secrets.status': vi.fn(() => ({ protection: 'memory' as const, persistent: false, backend: 'memory' })),
    ...overrides,
  };
  return {
    dispatch: createDispatcher(handlers, { logger, validateOutputs, ...(gate && { gate }) }),
    handlers,
    records,
    registry,
  };
}

describe('dispatch', () => {
  it('runs a valid call and returns an ok envelope', async () => {
    const { dispatch } = setup();
    expect(await dispatch('settings.update', { theme: 'dark' })).toEqual({
      ok: true,
      data: { ...defaultSettings, theme: 'dark' },
    });
  });

  it.each([
    ['an unknown channel', 'files.deleteEverything', {}, 'unknown_channel'],
    ['a non-string channel', 42, {}, 'unknown_channel'],
    ['a prototype key as channel', '__proto__', {}, 'unknown_channel'],
    ['a wrong field type', 'settings.update', { theme: 7 }, 'validation'],
    ['an unknown field', 'settings.update', { theme: 'dark', admin: true }, 'validation'],
    ['a non-object input', 'settings.get', 'hello', 'validation'],
    ['a missing input', 'settings.get', undefined, 'validation'],
    ['an oversized input', 'settings.update', { theme: 'x'.repeat(2_000_000) }, 'too_large'],
  ])('answers %s with a typed %s error and never runs a handler', async (_n, channel, input, code) => {
    const { dispatch, handlers } = setup();
    const result = await dispatch(channel, input);
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(handlers['settings.update']).not.toHaveBeenCalled();
  });

  it('refuses an unserialisable (cyclic) input', async () => {
    const { dispatch } = setup();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await dispatch('settings.update', cyclic)).toMatchObject({ ok: false, error: { code: 'too_large' } });
  });

  it('passes a handler’s AppError through unchanged', async () => {
    const { dispatch } = setup({
      'settings.get': () => {
        throw new AppException({ code: 'denied', message: 'The server said no', hint: 'Ask nicely' });
      },
    });
    expect(await dispatch('settings.get', {})).toEqual({
      ok: false,
      error: { code: 'denied', message: 'The server said no', hint: 'Ask nicely' },
    });
  });

  it('turns an unknown error into internal and logs it with secrets redacted', async () => {
    const { dispatch, records, registry } = setup({
      'settings.get': () => {
        throw new Error('boom with Bearer abc.def.ghi and s3cr3t-refresh-token-123');
      },
    });
    registry.add('s3cr3t-refresh-token-123');
    const result = await dispatch('settings.get', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('boom');
    const logged = JSON.stringify(records);
    expect(logged).toContain('boom');
    expect(logged).not.toContain('abc.def.ghi');
    expect(logged).not.toContain('s3cr3t-refresh-token-123');
  });

  it('maps a full disk to a storage error', async () => {
    const { dispatch } = setup({
      'settings.update': () => {
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    });
    expect(await dispatch('settings.update', { theme: 'dark' })).toMatchObject({
      ok: false,
      error: { code: 'storage', message: expect.stringContaining('disk is full') },
    });
  });

  it('catches a handler output that breaks the contract in development', async () => {
    const { dispatch, records } = setup({ 'settings.get': () => ({ theme: 'plaid' }) as never });
    expect(await dispatch('settings.get', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(records.some((r) => r.msg.includes('breaks the contract'))).toBe(true);
  });

  it('runs mutating channels one at a time, reads alongside', async () => {
    let active = 0;
    let maxActive = 0;
    const { dispatch } = setup({
      'settings.update': async (patch) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 5));
        active -= 1;
        return { ...defaultSettings, ...patch };
      },
    });
    const results = await Promise.all(Array.from({ length: 10 }, () => dispatch('settings.update', { theme: 'dark' })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(maxActive).toBe(1);
  });

  it('keeps serving after a mutating handler fails', async () => {
    let calls = 0;
    const { dispatch } = setup({
      'settings.update': (patch) => {
        calls += 1;
        if (calls === 1) throw new Error('first fails');
        return { ...defaultSettings, ...patch };
      },
    });
    expect((await dispatch('settings.update', {})).ok).toBe(false);
    expect((await dispatch('settings.update', {})).ok).toBe(true);
  });

  it(
    'while the database is damaged refuses every channel but the recovery screen’s, in words, ' +
      'before any handler runs',
    async () => {
      const damage = new DamageState('/data/atelier.db', () => 0);
      const { dispatch, handlers } = setup({}, true, refuseWhileDamaged(damage));
      expect((await dispatch('settings.update', { theme: 'dark' })).ok).toBe(true);
      damage.trip(new DatabaseDamagedError('corrupt'), 'running');
      const refused = await dispatch('settings.update', { theme: 'light' });
      expect(refused).toMatchObject({
        ok: false,
        error: {
          code: 'storage',
          message: expect.stringMatching(/^Atelier's database is damaged.*Nothing more is written to it/),
          hint: expect.stringContaining('Restore the newest backup'),
        },
      });
      expect(handlers['settings.update']).toHaveBeenCalledTimes(1);
      expect(await dispatch('settings.get', {})).toMatchObject({ ok: true });
    },
  );

  it('answers SQLite’s damage error from a handler as storage, in words, never internal', async () => {
    const { dispatch, records } = setup({
      'settings.get': () => {
        throw Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
      },
    });
    const result = await dispatch('settings.get', {});
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'storage', message: expect.stringContaining('Nothing more is written to it') },
    });
    expect(JSON.stringify(result)).not.toMatch(/malformed|SQLITE/);
    expect(records.some((r) => r.msg === 'the database is damaged')).toBe(true);
  });

  it('a write already under way when damage trips fails in the damage words, not as internal', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x)');
    const damage = new DamageState('atelier.db', () => 0);
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((r) => (release = r));
    const { handlers } = setup({
      'settings.update': vi.fn(async (patch) => {
        await waiting;
        db.prepare('INSERT INTO t VALUES (1)').run();
        return { ...defaultSettings, ...patch };
      }),
    });
    const records: LogRecord[] = [];
    const logger = createLogger([memorySink(records)], new SecretRegistry());
    const guarded = createDispatcher(handlers, {
      logger,
      validateOutputs: false,
      gate: refuseWhileDamaged(damage),
      whileDamaged: () => damageWords(damage),
    });
    const inFlight = guarded('settings.update', { theme: 'dark' });
    // Damage trips while the write waits: the app stops writes as it does (query_only).
    damage.trip(new DatabaseDamagedError('corrupt'), 'running');
    db.pragma('query_only = ON');
    release();
    const result = await inFlight;
    expect(result).toEqual({ ok: false, error: damageWords(damage) });
    expect(result.ok ? '' : result.error.message).toContain('Nothing more is written to it');
    expect(records.filter((r) => r.level === 'error')).toEqual([]);
    db.close();
  });
});
