/** Dates as people type them: exact instants in two zones, the locale's day/month rule, DST gaps and repeats. */
import { describe, expect, it } from 'vitest';
import { monthFirst, readDate, type DateContext } from './date-forms';

const PARIS: DateContext = { zone: 'Europe/Paris', locale: 'en-GB' };
const NEW_YORK: DateContext = { zone: 'America/New_York', locale: 'en-US' };

const instant = (value: string, ctx: DateContext) => {
  const r = readDate(value, ctx);
  if (!r.ok) throw new Error(`expected "${value}" to read: ${r.message}`);
  return r.iso;
};
const refusal = (value: string, ctx: DateContext) => {
  const r = readDate(value, ctx);
  if (r.ok) throw new Error(`expected "${value}" to be refused, got ${r.iso}`);
  return r.message;
};

// [written, instant when the creator is in Paris, instant when in New York]
const FORMS: [string, string, string][] = [
  ['2026-11-30T09:00', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['2026-11-30T09:00:00', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['2026-11-30 09:00', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['2026-11-30T09:00:00Z', '2026-11-30T09:00:00.000Z', '2026-11-30T09:00:00.000Z'],
  ['2026-11-30T09:00:00+02:00', '2026-11-30T07:00:00.000Z', '2026-11-30T07:00:00.000Z'],
  ['2026-11-30T09:00:00.500-0500', '2026-11-30T14:00:00.500Z', '2026-11-30T14:00:00.500Z'],
  ['2026-11-30 09:00 UTC', '2026-11-30T09:00:00.000Z', '2026-11-30T09:00:00.000Z'],
  ['2026-11-30T23:59:59', '2026-11-30T22:59:59.000Z', '2026-12-01T04:59:59.000Z'],
  ['30/11/2026 9:00', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['11/30/2026 9:00 AM', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['30.11.2026 09:00', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['30-11-2026 09:00', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['Nov 30 2026 9am', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['30 Nov 2026 09:00', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['November 30, 2026 9:00 PM', '2026-11-30T20:00:00.000Z', '2026-12-01T02:00:00.000Z'],
  ['2026/11/30 09:00', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['2026.11.30 9:30 pm', '2026-11-30T20:30:00.000Z', '2026-12-01T02:30:00.000Z'],
  ['Mon, 30 Nov 2026 09:00', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
  ['Monday, November 30th, 2026 at 9:15 a.m.', '2026-11-30T08:15:00.000Z', '2026-11-30T14:15:00.000Z'],
  ['30 November 2026 12:00 AM', '2026-11-29T23:00:00.000Z', '2026-11-30T05:00:00.000Z'],
  ['Nov 30, 2026 12pm', '2026-11-30T11:00:00.000Z', '2026-11-30T17:00:00.000Z'],
  ['Sept 30 2026 18:45', '2026-09-30T16:45:00.000Z', '2026-09-30T22:45:00.000Z'],
  ['  2026-11-30   09:00  ', '2026-11-30T08:00:00.000Z', '2026-11-30T14:00:00.000Z'],
];

describe('date forms', () => {
  it.each(FORMS)('reads %s as the same wall clock in each zone', (written, paris, newYork) => {
    expect(instant(written, PARIS)).toBe(paris);
    expect(instant(written, NEW_YORK)).toBe(newYork);
  });

  it('says how the instant reads on the creator’s clock', () => {
    expect(readDate('2026-11-30 09:00', PARIS)).toEqual({
      ok: true,
      iso: '2026-11-30T08:00:00.000Z',
      local: 'Mon 30 Nov 2026, 09:00',
    });
    expect(readDate('2026-11-30T09:00:00Z', NEW_YORK)).toMatchObject({ local: 'Mon 30 Nov 2026, 04:00' });
  });

  it.each([
    ['tomorrow 9am', 'is not a date and time; write it like 2026-05-01T09:00:00Z.'],
    ['2026-11-30', 'has a date but no time; add the time, like 2026-11-30 09:00.'],
    ['30/11/2026', 'has a date but no time; add the time, like 2026-11-30 09:00.'],
    ['Nov 30 2026', 'has a date but no time'],
    ['31/02/2026 09:00', 'is not a real date (it reads as day 31 of month 2)'],
    ['13/13/2026 09:00', 'is not a real date'],
    ['2026-11-30 25:00', 'is not a date and time'],
    ['2026-11-30 9', 'is not a date and time'],
    ['2026-11-30 13pm', 'is not a date and time'],
    ['2026-11-30 9:60', 'is not a date and time'],
    ['Foo 30 2026 9am', 'is not a date and time'],
    ['30/11/26 9:00', 'is not a date and time'],
    ['', 'is not a date and time'],
  ])('refuses %j in words, naming the value', (written, words) => {
    const message = refusal(written, PARIS);
    expect(message).toContain(`"${written}"`);
    expect(message).toContain(words);
  });
});

describe('the day/month ambiguity rule', () => {
  it('lets the locale decide when both parts are 12 or less', () => {
    expect(instant('03/04/2026 10:00', { zone: 'UTC', locale: 'en-US' })).toBe('2026-03-04T10:00:00.000Z');
    expect(instant('03/04/2026 10:00', { zone: 'UTC', locale: 'en-GB' })).toBe('2026-04-03T10:00:00.000Z');
    expect(instant('03.04.2026 10:00', { zone: 'UTC', locale: 'de-DE' })).toBe('2026-04-03T10:00:00.000Z');
  });

  it('needs no rule when one part is above 12', () => {
    expect(instant('13/04/2026 10:00', { zone: 'UTC', locale: 'en-US' })).toBe('2026-04-13T10:00:00.000Z');
    expect(instant('04/13/2026 10:00', { zone: 'UTC', locale: 'en-GB' })).toBe('2026-04-13T10:00:00.000Z');
  });

  it('knows which locales write month first', () => {
    expect(monthFirst('en-US')).toBe(true);
    expect(monthFirst('en-GB')).toBe(false);
    expect(monthFirst('fr-FR')).toBe(false);
    expect(monthFirst('not a locale')).toBe(false);
  });
});

describe('daylight saving', () => {
  it('refuses a local time the clocks skip, naming the gap', () => {
    expect(refusal('2026-03-29 02:30', PARIS)).toBe(
      '"2026-03-29 02:30" does not exist in Europe/Paris: on 2026-03-29 the clocks jump from 02:00 to 03:00 ' +
        '(daylight saving time); write a time outside that gap, like 2026-03-29 03:30.',
    );
    expect(refusal('03/08/2026 2:15 AM', NEW_YORK)).toContain('on 2026-03-08 the clocks jump from 02:00 to 03:00');
  });

  it('takes the first of a local time that happens twice', () => {
    expect(instant('2026-10-25 02:30', PARIS)).toBe('2026-10-25T00:30:00.000Z');
    expect(instant('11/01/2026 1:30 AM', NEW_YORK)).toBe('2026-11-01T05:30:00.000Z');
  });

  it('takes a written offset as it is, even inside a gap', () => {
    expect(instant('2026-03-29T02:30:00+01:00', PARIS)).toBe('2026-03-29T01:30:00.000Z');
  });
});
