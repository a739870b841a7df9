import { describe, expect, it } from 'vitest';
import { channelNames } from '../../shared/contract';
import { defaultSettings } from '../../shared/settings';
import { BackendError, call } from './call';
import { createFakeBackend } from './fake-backend';

const storageError = {
  code: 'storage',
  message: 'The disk is full; nothing was changed.',
  hint: 'Free some disk space and try again.',
} as const;

describe('fake backend', () => {
  it('offers every channel of the contract, as the memory transport', () => {
    const { api } = createFakeBackend();
    expect(api.transport).toBe('memory');
    for (const name of channelNames) expect(typeof api[name], name).toBe('function');
  });

  it('answers a scripted channel with its data, the contract’s defaults applied', async () => {
    const fake = createFakeBackend().answer('settings.get', defaultSettings);
    await expect(call(fake.api, 'settings.get', {})).resolves.toEqual(defaultSettings);
    expect(fake.problems).toEqual([]);
  });

  it('refuses at once to script an answer the contract does not allow', () => {
    const fake = createFakeBackend();
    expect(() => fake.answer('settings.get', { ...defaultSettings, theme: 'purple' as 'dark' })).toThrow(
      /settings\.get breaks the contract: theme/,
    );
    expect(() => fake.answer('library.tags', [{ tag: 'a', count: 1.5 }])).toThrow(
      /library\.tags breaks the contract: 0\.count/,
    );
  });

  it('checks a computed answer on each call and records the breach as a problem', async () => {
    const fake = createFakeBackend().answer('library.emptyTrash', () => ({ count: -0.5 }));
    const result = await fake.api['library.emptyTrash']({});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(fake.problems).toEqual([expect.stringContaining('library.emptyTrash breaks the contract: count')]);
  });

  it('validates inputs as the core does: a bad input gets a validation error naming the field', async () => {
    const fake = createFakeBackend().answer('settings.update', defaultSettings);
    const result = await fake.api['settings.update']({ theme: 'purple' as 'dark' });
    expect(result).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ path: 'theme' }] } });
    expect(fake.calls('settings.update')).toEqual([]);
  });

  it('passes the parsed input to a computed answer and logs it with its defaults', async () => {
    const fake = createFakeBackend().answer('library.query', (q) => ({ items: [], total: q.offset }));
    await expect(call(fake.api, 'library.query', { offset: 7 })).resolves.toEqual({ items: [], total: 7 });
    expect(fake.calls('library.query')).toEqual([
      { trash: false, sort: 'created', dir: 'desc', offset: 7, limit: 200 },
    ]);
    expect(fake.calls()).toEqual([{ channel: 'library.query', input: expect.objectContaining({ offset: 7 }) }]);
  });

  it('fails with a scripted AppError envelope, and checks that it is one', async () => {
    const fake = createFakeBackend().fail('sync.now', storageError);
    await expect(call(fake.api, 'sync.now', {})).rejects.toEqual(new BackendError(storageError));
    expect(() => fake.fail('sync.now', { code: 'nope' as 'storage', message: 'x' })).toThrow(/not an AppError/);
  });

  it('uses one-off answers first, in order, then the standing one', async () => {
    const fake = createFakeBackend()
      .answer('library.tags', [{ tag: 'c', count: 3 }])
      .failOnce('library.tags', storageError)
      .answerOnce('library.tags', [{ tag: 'b', count: 2 }]);
    expect(await fake.api['library.tags']({})).toMatchObject({ ok: false, error: { code: 'storage' } });
    expect(await call(fake.api, 'library.tags', {})).toEqual([{ tag: 'b', count: 2 }]);
    expect(await call(fake.api, 'library.tags', {})).toEqual([{ tag: 'c', count: 3 }]);
  });

  it('holds calls until the test answers or fails them', async () => {
    const fake = createFakeBackend();
    const hold = fake.hold('library.tags');
    let settled = false;
    const pending = call(fake.api, 'library.tags', {}).then((v) => ((settled = true), v));
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    expect(hold.waiting).toBe(1);
    hold.answer([{ tag: 'x', count: 1 }]);
    await expect(pending).resolves.toEqual([{ tag: 'x', count: 1 }]);
    const failing = fake.hold('library.tags');
    const second = fake.api['library.tags']({});
    await new Promise((r) => setTimeout(r, 0));
    failing.fail(storageError);
    expect(await second).toEqual({ ok: false, error: storageError });
  });

  it('records a call to a channel nobody scripted and answers it with an error in words', async () => {
    const fake = createFakeBackend();
    const result = await fake.api['sync.status']({});
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'No answer was scripted for sync.status.' },
    });
    expect(fake.problems).toEqual(['No answer was scripted for sync.status.']);
  });

  it('pushes events to listeners until they let go, and refuses a payload the contract does not allow', () => {
    const fake = createFakeBackend();
    const seen: unknown[] = [];
    const off = fake.api.on('records.changed', (p) => seen.push(p));
    expect(fake.listeners('records.changed')).toBe(1);
    fake.emit('records.changed', { group: 'assets', ids: ['a1'] });
    off();
    fake.emit('records.changed', { group: 'assets', ids: null });
    expect(seen).toEqual([{ group: 'assets', ids: ['a1'] }]);
    expect(fake.listeners('records.changed')).toBe(0);
    expect(() => fake.emit('records.changed', { group: 'nope' as 'assets', ids: null })).toThrow(
      /records\.changed event breaks the contract: group/,
    );
  });
});
