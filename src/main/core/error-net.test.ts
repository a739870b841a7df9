import { afterEach, describe, expect, it } from 'vitest';
import { installErrorNet, UNEXPECTED } from './error-net';
import { createLogger, memorySink, type LogRecord } from './logger';
import { SecretRegistry } from './redact';

let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

function net() {
  const records: LogRecord[] = [];
  const told: string[] = [];
  uninstall = installErrorNet(createLogger([memorySink(records)], new SecretRegistry()), (m) => told.push(m));
  return { records, told };
}

describe('the unhandled-error net', () => {
  it('logs anything nothing caught as internal and tells it in words, never the stack', () => {
    const { records, told } = net();
    process.emit('uncaughtException', new Error('kaboom in a timer'));
    process.emit('unhandledRejection', new TypeError('undefined is not a function'), Promise.resolve());
    expect(told).toEqual([UNEXPECTED, UNEXPECTED]);
    expect(records.map((r) => [r.level, r.msg, r.code])).toEqual([
      ['error', 'internal: uncaught exception', 'internal'],
      ['error', 'internal: unhandled rejection', 'internal'],
    ]);
    expect(JSON.stringify(records)).toContain('kaboom in a timer');
  });

  it('says that the database is damaged when that is what escaped', () => {
    const { told } = net();
    process.emit(
      'uncaughtException',
      Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' }),
    );
    expect(told).toEqual(["Atelier's database is damaged: parts of it can no longer be read."]);
  });

  it('comes off again', () => {
    const before = process.listenerCount('uncaughtException');
    net();
    expect(process.listenerCount('uncaughtException')).toBe(before + 1);
    uninstall?.();
    uninstall = undefined;
    expect(process.listenerCount('uncaughtException')).toBe(before);
  });
});
