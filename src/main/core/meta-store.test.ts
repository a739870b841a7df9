import { describe, expect, it } from 'vitest';
import { defaultMigrationsDir } from './node-deps';
import { openDatabase } from './db/open';
import { MetaStore } from './meta-store';

describe('MetaStore', () => {
  const meta = () => new MetaStore(openDatabase(':memory:', defaultMigrationsDir).db);

  it('keeps JSON values by key, replaces them and deletes them', () => {
    const m = meta();
    expect(m.get('a')).toBeUndefined();
    m.set('a', { n: 1 });
    m.set('a', { n: 2 });
    expect(m.get<{ n: number }>('a')).toEqual({ n: 2 });
    m.delete('a');
    expect(m.get('a')).toBeUndefined();
  });

  it('writes a first-run fact once and never over an existing value', () => {
    const m = meta();
    m.setIfAbsent('created_at', '2026-01-01');
    m.setIfAbsent('created_at', '2027-01-01');
    expect(m.get('created_at')).toBe('2026-01-01');
  });
});
