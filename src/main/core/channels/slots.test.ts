import { describe, expect, it } from 'vitest';
import { localInstant, nextFreeSlot, slotInstants } from './slots';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const at = (s: string) => Date.parse(s);
const none = () => [];

describe('weekly slots as instants', () => {
  it('keeps the local time across the spring change in Berlin (UTC+1 → UTC+2 on 29 March 2026)', () => {
    const slots = [
      { day: 6, time: '09:00' },
      { day: 1, time: '09:00' },
    ];
    // Saturday 28 March (before), Monday 30 March (after).
    const got = slotInstants(slots, 'Europe/Berlin', at('2026-03-27T00:00:00Z'), at('2026-03-31T00:00:00Z')).map(iso);
    expect(got).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
  });

  it('keeps the local time across the autumn change in New York (UTC−4 → UTC−5 on 1 November 2026)', () => {
    const slots = [
      { day: 6, time: '18:30' },
      { day: 7, time: '18:30' },
    ];
    const got = slotInstants(slots, 'America/New_York', at('2026-10-31T00:00:00Z'), at('2026-11-02T12:00:00Z'));
    expect(got.map(iso)).toEqual(['2026-10-31T22:30:00.000Z', '2026-11-01T23:30:00.000Z']);
  });

  it('puts a slot in the skipped hour after the gap, and a repeated one at its first passing', () => {
    // 02:30 does not exist in Berlin on 29 March 2026: it reads 03:30 CEST.
    expect(iso(localInstant('Europe/Berlin', 2026, 2, 29, 2, 30))).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 happens twice in New York on 1 November 2026: the first is 01:30 EDT (05:30Z).
    expect(iso(localInstant('America/New_York', 2026, 10, 1, 1, 30))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(localInstant('Europe/Berlin', 2026, 9, 25, 2, 30))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('lists each slot once per week, in order, and nothing outside the range', () => {
    const slots = [
      { day: 1, time: '09:00' },
      { day: 3, time: '09:00' },
      { day: 5, time: '18:30' },
    ];
    const got = slotInstants(slots, 'UTC', at('2026-11-23T09:00:00Z'), at('2026-12-07T09:00:00Z')).map(iso);
    expect(got).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-25T09:00:00.000Z',
      '2026-11-27T18:30:00.000Z',
      '2026-11-30T09:00:00.000Z',
      '2026-12-02T09:00:00.000Z',
      '2026-12-04T18:30:00.000Z',
    ]);
    expect(slotInstants([], 'UTC', 0, 1e12)).toEqual([]);
  });
});

describe('the next free slot', () => {
  const slots = [
    { day: 1, time: '09:00' },
    { day: 5, time: '09:00' },
  ];

  it('skips slots an item takes (within half an hour), not ones an item merely shares a day with', () => {
    const items = [at('2026-11-27T08:10:00Z'), at('2026-11-30T07:35:00Z'), at('2026-12-04T12:00:00Z')];
    const taken = (from: number, to: number) => items.filter((ms) => ms >= from && ms < to);
    // 09:00 Berlin is 08:00Z: 08:10Z takes Friday 27 Nov, 07:35Z takes Monday 30 Nov; noon leaves 4 Dec free.
    const next = nextFreeSlot(slots, 'Europe/Berlin', at('2026-11-25T12:00:00Z'), taken);
    expect(iso(next)).toBe('2026-12-04T08:00:00.000Z');
    const untaken = nextFreeSlot(slots, 'Europe/Berlin', at('2026-11-25T12:00:00Z'), none);
    expect(iso(untaken)).toBe('2026-11-27T08:00:00.000Z');
  });

  it('finds the first slot after a daylight saving change at its local time, in two zones', () => {
    expect(iso(nextFreeSlot(slots, 'Europe/Berlin', at('2026-03-28T00:00:00Z'), none))).toBe(
      '2026-03-30T07:00:00.000Z',
    );
    expect(iso(nextFreeSlot(slots, 'America/New_York', at('2026-11-01T00:00:00Z'), none))).toBe(
      '2026-11-02T14:00:00.000Z',
    );
  });

  it('is null for a channel with no slots, or every slot of a year taken', () => {
    expect(nextFreeSlot([], 'UTC', 0, none)).toBeNull();
    const everything = (from: number, to: number) => {
      const out: number[] = [];
      for (let ms = from - (from % 600_000); ms < to; ms += 600_000) out.push(ms);
      return out;
    };
    expect(nextFreeSlot(slots, 'UTC', at('2026-01-01T00:00:00Z'), everything)).toBeNull();
  });
});
