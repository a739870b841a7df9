import { describe, expect, it } from 'vitest';
import { IdMaker, newId } from './ids';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('local identifiers (UUIDv7)', () => {
  it('are RFC 9562 version 7 UUIDs that start with the millisecond they were made', () => {
    const maker = new IdMaker(() => 0x0190_1234_5678);
    const id = maker.next();
    expect(id).toMatch(V7);
    expect(id.slice(0, 13)).toBe('01901234-5678');
    expect(newId()).toMatch(V7);
  });

  it('sort in the order they were made, within one millisecond and when the clock goes back', () => {
    let now = 1_700_000_000_000;
    const maker = new IdMaker(() => now);
    const ids: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      if (i === 5_000) now -= 60_000; // the clock is set back a minute
      if (i % 3_000 === 0) now += 1;
      ids.push(maker.next());
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('borrow the next millisecond after 4,096 in one, and stay in order', () => {
    const maker = new IdMaker(() => 1_000);
    const ids = Array.from({ length: 4_100 }, () => maker.next());
    expect([...ids].sort()).toEqual(ids);
    expect(ids[4_095]!.slice(0, 13)).toBe('00000000-03e8');
    expect(ids[4_096]!.slice(0, 13)).toBe('00000000-03e9');
  });

  it('differ between two makers in the same millisecond (random tail)', () => {
    const a = new IdMaker(() => 5);
    const b = new IdMaker(() => 5);
    const fromA = new Set(Array.from({ length: 1_000 }, () => a.next()));
    for (let i = 0; i < 1_000; i++) expect(fromA.has(b.next())).toBe(false);
  });
});
