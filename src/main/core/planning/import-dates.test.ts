/**
 * CSV import with the dates people type: each form read in the creator's zone (or refused with its row
 * named), per-field problems and readings in the preview, nothing created while a row is invalid.
 */
import { describe, expect, it } from 'vitest';
import { harnesses, type Harness } from '../../../../test/support/core-with-sandbox';
import { contentOn, refusal } from './test-kit';

const harness = harnesses();

function setup(h: Harness) {
  const { importer, posts } = contentOn(h);
  return { importer, posts };
}

// Written in a CSV by a creator in Paris whose locale is en-GB (day first); the instant each must give.
const GOOD: [string, string][] = [
  ['2026-11-30T09:00', '2026-11-30T08:00:00.000Z'],
  ['2026-11-30T09:00:00', '2026-11-30T08:00:00.000Z'],
  ['2026-11-30 09:00', '2026-11-30T08:00:00.000Z'],
  ['2026-11-30T09:00:00Z', '2026-11-30T09:00:00.000Z'],
  ['2026-11-30T09:00:00+02:00', '2026-11-30T07:00:00.000Z'],
  ['30/11/2026 9:00', '2026-11-30T08:00:00.000Z'],
  ['11/30/2026 9:00 AM', '2026-11-30T08:00:00.000Z'],
  ['30.11.2026 09:00', '2026-11-30T08:00:00.000Z'],
  ['Nov 30 2026 9am', '2026-11-30T08:00:00.000Z'],
  ['30 Nov 2026 09:00', '2026-11-30T08:00:00.000Z'],
  ['"November 30, 2026 9:00 PM"', '2026-11-30T20:00:00.000Z'],
  ['2026/11/30 09:00', '2026-11-30T08:00:00.000Z'],
  ['03/04/2026 10:00', '2026-04-03T08:00:00.000Z'],
  ['2026-10-25 02:30', '2026-10-25T00:30:00.000Z'],
  ['Sept 30 2026 6:45 pm', '2026-09-30T16:45:00.000Z'],
  ['"Mon, 30 Nov 2026 09:00"', '2026-11-30T08:00:00.000Z'],
];
const BAD: [string, string][] = [
  ['2026-11-30', 'has a date but no time'],
  ['next friday', 'is not a date and time; write it like 2026-05-01T09:00:00Z.'],
  ['31/02/2026 09:00', 'is not a real date'],
  ['2026-03-29 02:30', 'does not exist in Europe/Paris: on 2026-03-29 the clocks jump from 02:00 to 03:00'],
  ['2026-11-30 24:00', 'is not a date and time'],
];
const csv = (values: string[]) =>
  ['text,status,scheduled_at', ...values.map((v, i) => `Post ${i + 1},scheduled,${v}`)].join('\n');
const PARIS = { zone: 'Europe/Paris', locale: 'en-GB' };

describe('import: dates people type', () => {
  it('reads every form in the creator’s zone, and shows each as written and on the creator’s clock', async () => {
    const { importer, posts } = setup(await harness());
    const text = csv(GOOD.map(([v]) => v));
    const preview = importer.preview({ kind: 'posts', format: 'csv', text, validOnly: false, ...PARIS });
    expect(preview).toMatchObject({ valid: GOOD.length, invalid: 0, zone: 'Europe/Paris' });
    expect(preview.rows.map((r) => r.fields.scheduled_at)).toEqual(GOOD.map(([, at]) => at));
    expect(preview.rows[0]?.dates).toEqual([
      {
        field: 'scheduled_at',
        value: '2026-11-30T09:00',
        at: '2026-11-30T08:00:00.000Z',
        local: 'Mon 30 Nov 2026, 09:00',
      },
    ]);
    expect(importer.import({ kind: 'posts', format: 'csv', text, validOnly: false, ...PARIS })).toEqual({
      created: GOOD.length,
      skipped: 0,
    });
    expect(
      posts()
        .map((p) => p.fields.scheduled_at)
        .sort(),
    ).toEqual(GOOD.map(([, at]) => at).sort());
  });

  it('reads the same file on a New York clock with month-first dates', async () => {
    const { importer } = setup(await harness());
    const text = csv(['2026-11-30T09:00', '03/04/2026 10:00', '11/01/2026 1:30 AM']);
    const preview = importer.preview({
      kind: 'posts',
      format: 'csv',
      text,
      validOnly: false,
      zone: 'America/New_York',
      locale: 'en-US',
    });
    expect(preview.rows.map((r) => r.fields.scheduled_at)).toEqual([
      '2026-11-30T14:00:00.000Z',
      '2026-03-04T15:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
    ]);
  });

  it('flags each bad date with its field and row; nothing made until only valid rows are asked for', async () => {
    const { importer, posts } = setup(await harness());
    const values = [...GOOD.slice(0, 3).map(([v]) => v), ...BAD.map(([v]) => v)];
    const text = csv(values);
    const preview = importer.preview({ kind: 'posts', format: 'csv', text, validOnly: false, ...PARIS });
    expect(preview).toMatchObject({ valid: 3, invalid: BAD.length });
    BAD.forEach(([value, words], i) => {
      const row = preview.rows[3 + i]!;
      expect(row.problems).toEqual([{ field: 'scheduled_at', message: expect.stringContaining(words) }]);
      expect(row.errors).toEqual([row.problems?.[0]?.message]);
      expect(row.errors[0]).toContain(`"${value}"`);
      expect(row.dates).toEqual([{ field: 'scheduled_at', value, at: null, local: null }]);
    });

    const error = refusal(() => importer.import({ kind: 'posts', format: 'csv', text, validOnly: false, ...PARIS }));
    expect(error.message).toBe(`${BAD.length} of ${values.length} rows are not valid, so nothing was imported.`);
    expect(error.issues?.map((i) => i.path)).toEqual(BAD.map((_, i) => `rows.${4 + i}`));
    expect(error.issues?.[0]?.message).toBe(
      'Row 4: scheduled_at "2026-11-30" has a date but no time; add the time, like 2026-11-30 09:00.',
    );
    expect(posts()).toEqual([]);

    expect(importer.import({ kind: 'posts', format: 'csv', text, validOnly: true, ...PARIS })).toEqual({
      created: 3,
      skipped: BAD.length,
    });
    expect(
      posts()
        .map((p) => p.fields.text)
        .sort(),
    ).toEqual(['Post 1', 'Post 2', 'Post 3']);
  });

  it('reads plan dates too, and compares them once read', async () => {
    const { importer } = setup(await harness());
    const text = [
      'title,starts_at,ends_at',
      'Spring,01/03/2026 00:00,31/03/2026 23:59',
      'Back,02/03/2026 9am,01/03/2026 9am',
    ].join('\n');
    const preview = importer.preview({ kind: 'contentPlans', format: 'csv', text, validOnly: false, ...PARIS });
    expect(preview.rows[0]?.fields).toMatchObject({
      starts_at: '2026-02-28T23:00:00.000Z',
      ends_at: '2026-03-31T21:59:00.000Z',
    });
    expect(preview.rows[1]?.problems).toEqual([{ field: 'ends_at', message: 'ends_at is before starts_at.' }]);
  });

  it('refuses a time zone the computer does not know, in words', async () => {
    const { importer } = setup(await harness());
    const error = refusal(() =>
      importer.preview({
        kind: 'posts',
        format: 'csv',
        text: csv(['2026-11-30 09:00']),
        validOnly: false,
        zone: 'Mars/Base',
      }),
    );
    expect(error.message).toBe('"Mars/Base" is not a time zone this computer knows; use a name like Europe/Paris.');
  });
});
