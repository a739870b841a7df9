import { describe, expect, it, vi } from 'vitest';
import { channelNames, type HandlerMap } from '../../shared/contract';
import { closeAll, mergeHandlers, startAll, type CoreModule } from './compose';
import type { Logger } from './ports';

const quiet = () => {
  const error = vi.fn();
  const logger: Logger = { log: vi.fn(), debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error };
  return Object.assign(logger, { error });
};

/** A module that notes when it starts and closes; `fails` makes that step throw. */
function recording(name: string, log: string[], fails: { start?: unknown; close?: unknown } = {}): CoreModule {
  return {
    name,
    handlers: {},
    start: async () => {
      log.push(`start ${name}`);
      if (fails.start) throw fails.start;
    },
    close: async () => {
      log.push(`close ${name}`);
      if (fails.close) throw fails.close;
    },
  };
}

/** Every channel of the contract, answered by `a` except those given to `b`. */
function split(bChannels: string[]): [Partial<HandlerMap>, Partial<HandlerMap>] {
  const answer = () => ({});
  const a = Object.fromEntries(channelNames.filter((c) => !bChannels.includes(c)).map((c) => [c, answer]));
  const b = Object.fromEntries(bChannels.map((c) => [c, answer]));
  return [a, b];
}

describe('composing the core from modules', () => {
  it('merges the modules’ handlers into one map holding every channel of the contract', () => {
    const [a, b] = split(['settings.get', 'app.info']);
    const merged = mergeHandlers([
      { name: 'a', handlers: a, start: () => undefined, close: () => undefined },
      { name: 'b', handlers: b, start: () => undefined, close: () => undefined },
    ]);
    expect(Object.keys(merged).sort()).toEqual([...channelNames].sort());
    expect(merged['settings.get']).toBe(b['settings.get']);
  });

  it('refuses a channel answered by two modules, naming both', () => {
    const [a] = split([]);
    const twice: Partial<HandlerMap> = { 'settings.get': a['settings.get'] };
    expect(() =>
      mergeHandlers([
        { name: 'settings', handlers: a, start: () => undefined, close: () => undefined },
        { name: 'diagnostics', handlers: twice, start: () => undefined, close: () => undefined },
      ]),
    ).toThrow('The channel settings.get has two handlers: in settings and in diagnostics.');
  });

  it('refuses a channel nobody answers, naming it', () => {
    const [a] = split(['updates.install']);
    expect(() => mergeHandlers([{ name: 'a', handlers: a, start: () => undefined, close: () => undefined }])).toThrow(
      'No module answers updates.install.',
    );
  });

  it('starts the modules in order and closes them in reverse', async () => {
    const log: string[] = [];
    const modules = ['platform', 'records', 'sync'].map((n) => recording(n, log));
    await startAll(
      modules,
      () => false,
      () => false,
    );
    await closeAll(modules, quiet());
    expect(log).toEqual([
      'start platform',
      'start records',
      'start sync',
      'close sync',
      'close records',
      'close platform',
    ]);
  });

  it('closes every module when one fails to close, logs it, and throws its error after', async () => {
    const log: string[] = [];
    const logger = quiet();
    const broken = new Error('the queue would not stop');
    const modules = [recording('platform', log), recording('ai', log, { close: broken }), recording('planning', log)];
    await expect(closeAll(modules, logger)).rejects.toBe(broken);
    expect(log).toEqual(['close planning', 'close ai', 'close platform']);
    expect(logger.error).toHaveBeenCalledWith('a part of the core failed to close', { module: 'ai', error: broken });
  });

  it('stops starting at damage (thrown or found meanwhile), and throws any other failure', async () => {
    const damage = new Error('SQLITE_CORRUPT');
    const log: string[] = [];
    await startAll(
      [recording('records', log), recording('sync', log, { start: damage }), recording('ai', log)],
      (e) => e === damage,
      () => false,
    );
    expect(log).toEqual(['start records', 'start sync']);

    const found: string[] = [];
    let damaged = false;
    const tripping: CoreModule = { ...recording('library', found), start: () => void (damaged = true) };
    await startAll(
      [tripping, recording('ai', found)],
      () => false,
      () => damaged,
    );
    expect(found).toEqual([]);

    const other = new Error('no disk');
    await expect(
      startAll(
        [recording('sync', [], { start: other })],
        (e) => e === damage,
        () => false,
      ),
    ).rejects.toBe(other);
  });
});
