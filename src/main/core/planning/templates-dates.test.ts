/**
 * Template rows with the dates people type: read in the creator's zone, checked row by row in the preview
 * (the first row filled), nothing created while a row is invalid unless only the valid rows are asked for.
 */
import { describe, expect, it } from 'vitest';
import { harnesses, type Harness } from '../../../../test/support/core-with-sandbox';

import { contentOn, refusal } from './test-kit';

const harness = harnesses();
const NOW = Date.parse('2026-11-25T12:00:00Z');
const PARIS = { zone: 'Europe/Paris', locale: 'en-GB' };

function setup(h: Harness) {
  const { templates, store, account, posts } = contentOn(h, NOW);
  const tpl = store.create('mediaTemplates', account, { name: 'Drop', body: '{{product}} on {{date}}' }).id;
  return { templates, tpl, posts };
}

const ROWS = [
  { product: 'Mug', scheduled_at: '30/11/2026 9:00' },
  { product: 'Tee', scheduled_at: 'Dec 1 2026 6pm' },
  { product: 'Cap', scheduled_at: '2026-12-02' },
  { product: '', scheduled_at: '2026-03-29 02:30' },
];

describe('template rows: dates people type', () => {
  it('previews the first row filled and each row’s dates and problems by field', async () => {
    const { templates, tpl } = setup(await harness());
    const preview = templates.preview({ templateId: tpl, values: {}, rows: ROWS, target: 'posts', ...PARIS });
    expect(preview.text).toBe('Mug on 2026-11-30');
    expect(preview.zone).toBe('Europe/Paris');
    expect(preview.rows).toEqual([
      {
        row: 1,
        dates: [
          {
            field: 'scheduled_at',
            value: '30/11/2026 9:00',
            at: '2026-11-30T08:00:00.000Z',
            local: 'Mon 30 Nov 2026, 09:00',
          },
        ],
        problems: [],
      },
      {
        row: 2,
        dates: [
          {
            field: 'scheduled_at',
            value: 'Dec 1 2026 6pm',
            at: '2026-12-01T17:00:00.000Z',
            local: 'Tue 1 Dec 2026, 18:00',
          },
        ],
        problems: [],
      },
      {
        row: 3,
        dates: [{ field: 'scheduled_at', value: '2026-12-02', at: null, local: null }],
        problems: [
          {
            field: 'scheduled_at',
            message: 'Row 3: "2026-12-02" has a date but no time; add the time, like 2026-12-02 09:00.',
          },
        ],
      },
      {
        row: 4,
        dates: [{ field: 'scheduled_at', value: '2026-03-29 02:30', at: null, local: null }],
        problems: [
          { field: 'scheduled_at', message: expect.stringContaining('the clocks jump from 02:00 to 03:00') },
          { field: 'product', message: 'Row 4: {{product}} has no value.' },
        ],
      },
    ]);
  });

  it('creates nothing while a row is invalid, and only the valid rows when asked', async () => {
    const { templates, tpl, posts } = setup(await harness());
    const error = refusal(() =>
      templates.fromTemplate({ templateId: tpl, target: 'posts', rows: ROWS, defaults: {}, ...PARIS }),
    );
    expect(error.issues?.map((i) => i.path)).toEqual(['rows.3.scheduled_at', 'rows.4.scheduled_at', 'rows.4.product']);
    expect(posts()).toEqual([]);

    const out = templates.fromTemplate({
      templateId: tpl,
      target: 'posts',
      rows: ROWS,
      defaults: {},
      validOnly: true,
      ...PARIS,
    });
    expect(out.skipped).toEqual([3, 4]);
    expect(out.created.map((p) => [p.fields.text, p.fields.scheduled_at])).toEqual([
      ['Mug on 2026-11-30', '2026-11-30T08:00:00.000Z'],
      ['Tee on 2026-12-01', '2026-12-01T17:00:00.000Z'],
    ]);
    expect(posts()).toHaveLength(2);
  });

  it('still refuses everything when no row is valid or a default is wrong, even with valid rows only', async () => {
    const { templates, tpl, posts } = setup(await harness());
    const none = refusal(() =>
      templates.fromTemplate({ templateId: tpl, target: 'posts', rows: ROWS.slice(2), defaults: {}, validOnly: true }),
    );
    expect(none.message).toMatch(/^Nothing was created\. Row 1: "2026-12-02" has a date but no time/);
    const badDefault = refusal(() =>
      templates.fromTemplate({
        templateId: tpl,
        target: 'posts',
        rows: ROWS,
        defaults: { planId: 'gone' },
        validOnly: true,
        ...PARIS,
      }),
    );
    expect(badDefault.issues?.[0]?.path).toBe('defaults.planId');
    expect(posts()).toEqual([]);
  });
});
