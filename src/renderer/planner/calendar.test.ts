import { describe, expect, it } from 'vitest';
import { localZone } from '../../shared/time-zone';
import { addDays, atLocalTime, dayKeyOf, dayRange, localTimeOf, monthGrid, moveToDay, weekOf } from './calendar';

const BERLIN = 'Europe/Berlin';
const NY = 'America/New_York';
const TOKYO = 'Asia/Tokyo'; // no DST

const hours = (r: { from: string; to: string }): number => (Date.parse(r.to) - Date.parse(r.from)) / 3_600_000;

describe('calendar', () => {
  it('knows the local zone', () => {
    expect(localZone()).toMatch(/\w/);
  });

  it('reads the day of an instant in a zone', () => {
    expect(dayKeyOf('2026-03-28T23:30:00Z', BERLIN)).toBe('2026-03-29');
    expect(dayKeyOf('2026-03-29T03:30:00Z', NY)).toBe('2026-03-28');
    expect(dayKeyOf(new Date('2026-12-31T15:00:00Z'), TOKYO)).toBe('2027-01-01');
  });

  it('has 23, 24 and 25 hour days around DST', () => {
    expect(dayRange('2026-03-29', BERLIN)).toEqual({
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
    expect(hours(dayRange('2026-03-29', BERLIN))).toBe(23);
    expect(hours(dayRange('2026-03-30', BERLIN))).toBe(24);
    expect(hours(dayRange('2026-10-25', BERLIN))).toBe(25);
    expect(dayRange('2026-03-08', NY)).toEqual({ from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' });
    expect(hours(dayRange('2026-03-08', NY))).toBe(23);
    expect(hours(dayRange('2026-11-01', NY))).toBe(25);
    expect(hours(dayRange('2026-03-29', TOKYO))).toBe(24);
    expect(dayRange('2026-03-29', TOKYO).from).toBe('2026-03-28T15:00:00.000Z');
  });

  it('keeps 09:00 local when moving across a DST change', () => {
    // 09:00 CET (UTC+1) in winter -> 09:00 CEST (UTC+2) after the change.
    expect(moveToDay('2026-03-27T08:00:00Z', '2026-03-30', BERLIN)).toBe('2026-03-30T07:00:00.000Z');
    expect(moveToDay('2026-03-30T07:00:00Z', '2026-03-27', BERLIN)).toBe('2026-03-27T08:00:00.000Z');
    expect(moveToDay('2026-10-24T07:00:00Z', '2026-10-26', BERLIN)).toBe('2026-10-26T08:00:00.000Z');
    expect(moveToDay('2026-03-07T14:00:00Z', '2026-03-09', NY)).toBe('2026-03-09T13:00:00.000Z');
    expect(moveToDay('2026-11-02T14:00:00Z', '2026-10-31', NY)).toBe('2026-10-31T13:00:00.000Z');
    expect(localTimeOf(moveToDay('2026-03-27T08:00:00Z', '2026-03-29', BERLIN), BERLIN)).toBe('09:00');
    expect(moveToDay('2026-03-27T00:00:00Z', '2026-03-30', TOKYO)).toBe('2026-03-30T00:00:00.000Z');
  });

  it('moves a time in the spring-forward gap to the first valid instant', () => {
    // 02:30 does not exist on these days; the clocks jump from 02:00 to 03:00.
    expect(atLocalTime('2026-03-29', '02:30', BERLIN)).toBe('2026-03-29T01:00:00.000Z');
    expect(localTimeOf(atLocalTime('2026-03-29', '02:30', BERLIN), BERLIN)).toBe('03:00');
    expect(atLocalTime('2026-03-08', '02:30', NY)).toBe('2026-03-08T07:00:00.000Z');
    const at0230 = atLocalTime('2026-03-01', '02:30', BERLIN);
    expect(localTimeOf(at0230, BERLIN)).toBe('02:30');
    expect(moveToDay(at0230, '2026-03-29', BERLIN)).toBe('2026-03-29T01:00:00.000Z');
    // Seconds on the source instant do not knock the result off the transition.
    expect(moveToDay('2026-03-01T01:30:45Z', '2026-03-29', BERLIN)).toBe('2026-03-29T01:00:00.000Z');
    expect(atLocalTime('2026-03-29', '03:00', BERLIN)).toBe('2026-03-29T01:00:00.000Z');
  });

  it('takes the first occurrence of a time repeated on fall-back day', () => {
    expect(atLocalTime('2026-11-01', '01:30', NY)).toBe('2026-11-01T05:30:00.000Z'); // EDT, not 06:30Z EST
    expect(atLocalTime('2026-10-25', '02:30', BERLIN)).toBe('2026-10-25T00:30:00.000Z'); // CEST, not 01:30Z CET
    expect(moveToDay('2026-10-30T05:30:00Z', '2026-11-01', NY)).toBe('2026-11-01T05:30:00.000Z');
    expect(localTimeOf('2026-11-01T06:30:00Z', NY)).toBe('01:30'); // the second one reads the same
    expect(atLocalTime('2026-11-01', '03:00', NY)).toBe('2026-11-01T08:00:00.000Z');
  });

  it('converts local times both ways', () => {
    expect(atLocalTime('2026-07-01', '09:15', BERLIN)).toBe('2026-07-01T07:15:00.000Z');
    expect(atLocalTime('2026-07-01', '09:15', TOKYO)).toBe('2026-07-01T00:15:00.000Z');
    expect(localTimeOf('2026-07-01T07:15:00Z', BERLIN)).toBe('09:15');
    expect(localTimeOf('2026-01-01T23:59:00Z', NY)).toBe('18:59');
    expect(() => atLocalTime('2026-07-01', '24:00', BERLIN)).toThrow(RangeError);
    expect(() => atLocalTime('2026-7-1', '09:00', BERLIN)).toThrow(RangeError);
  });

  it('does day arithmetic and weeks', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(weekOf('2026-03-29')).toEqual([
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
    ]);
    expect(weekOf('2026-03-29', 0)).toEqual([
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
  });

  it('builds month grids spanning DST', () => {
    const march = monthGrid(2026, 3, BERLIN, 1);
    expect(march).toHaveLength(6);
    expect(march.every((w) => w.length === 7)).toBe(true);
    expect(march[0]?.[0]).toBe('2026-02-23');
    expect(march[5]?.[6]).toBe('2026-04-05');
    const flat = march.flat();
    // Consecutive days, none skipped or doubled across the change on the 29th.
    flat.slice(1).forEach((day, i) => expect(day).toBe(addDays(flat[i] ?? '', 1)));
    expect(flat).toContain('2026-03-29');
    expect(hours(dayRange('2026-03-29', BERLIN))).toBe(23);

    const november = monthGrid(2026, 11, NY, 0);
    expect(november[0]?.[0]).toBe('2026-11-01'); // a Sunday
    expect(november[5]?.[6]).toBe('2026-12-12');
    const octoberBerlin = monthGrid(2026, 10, BERLIN, 1).flat();
    expect(octoberBerlin[0]).toBe('2026-09-28');
    expect(new Set(octoberBerlin).size).toBe(42);
    expect(monthGrid(2026, 2, TOKYO, 0)[0]?.[0]).toBe('2026-02-01');
  });
});
