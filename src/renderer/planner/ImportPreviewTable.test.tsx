import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../shared/planner';
import { datesHint } from './import-rows';
import { ImportPreviewTable } from './ImportPreviewTable';

const preview: ImportPreview = {
  valid: 1,
  invalid: 1,
  zone: 'Europe/Paris',
  rows: [
    {
      row: 1,
      fields: { text: 'Sale', scheduled_at: '2026-11-30T08:00:00.000Z' },
      errors: [],
      problems: [],
      dates: [
        {
          field: 'scheduled_at',
          value: '30/11/2026 9:00',
          at: '2026-11-30T08:00:00.000Z',
          local: 'Mon 30 Nov 2026, 09:00',
        },
      ],
    },
    {
      row: 2,
      fields: { text: 'Later', scheduled_at: '2026-11-30' },
      errors: ['scheduled_at "2026-11-30" has a date but no time; add the time, like 2026-11-30 09:00.'],
      problems: [
        {
          field: 'scheduled_at',
          message: 'scheduled_at "2026-11-30" has a date but no time; add the time, like 2026-11-30 09:00.',
        },
      ],
      dates: [{ field: 'scheduled_at', value: '2026-11-30', at: null, local: null }],
    },
  ],
};

describe('import preview table', () => {
  it('shows each date as written with how it reads on the creator’s clock, and flags a bad row in words', () => {
    render(<ImportPreviewTable preview={preview} />);
    const good = screen.getByTestId('import-row-1');
    expect(good.getAttribute('data-valid')).toBe('true');
    expect(within(good).getByText('OK')).toBeTruthy();
    expect(good.textContent).toContain('30/11/2026 9:00 → Mon 30 Nov 2026, 09:00 (Europe/Paris)');

    const bad = screen.getByTestId('import-row-2');
    expect(bad.getAttribute('data-valid')).toBe('false');
    expect(within(bad).getByRole('listitem').textContent).toBe(
      'scheduled_at "2026-11-30" has a date but no time; add the time, like 2026-11-30 09:00.',
    );
    expect(within(bad).getByTestId('row-date-bad').textContent).toContain('not read');
    expect(within(bad).queryByTestId('row-date-local')).toBeNull();
  });

  it('names the field when the message does not', () => {
    render(
      <ImportPreviewTable
        preview={{
          valid: 0,
          invalid: 1,
          rows: [
            {
              row: 1,
              fields: {},
              errors: ['Row 1: "2026-12-02" has a date but no time.', 'Row 1: {{product}} has no value.'],
              problems: [
                { field: 'scheduled_at', message: 'Row 1: "2026-12-02" has a date but no time.' },
                { field: 'product', message: 'Row 1: {{product}} has no value.' },
              ],
            },
          ],
        }}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'scheduled_at: "2026-12-02" has a date but no time.',
      '{{product}} has no value.',
    ]);
  });
});

describe('the dates rule in words', () => {
  it('says which zone dates are read in and which part of 03/04/2026 is the day, by language', () => {
    expect(datesHint('Europe/Paris', 'en-GB')).toContain('read on your clock (Europe/Paris)');
    expect(datesHint('Europe/Paris', 'en-GB')).toContain('03/04/2026 reads as 3 April (day first)');
    expect(datesHint('America/New_York', 'en-US')).toContain('03/04/2026 reads as March 4 (month first)');
  });
});
