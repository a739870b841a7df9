import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelArgs } from '../../shared/contract';
import type { RowDate } from '../../shared/planner';
import { record, records } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { CreateFromTemplate } from './CreateFromTemplate';

const CSV = ['product,scheduled_at', 'Mug,30/11/2026 9:00', 'Cap,2026-12-02'].join('\n');
const READS: Record<string, string> = { '30/11/2026 9:00': 'Mon 30 Nov 2026, 09:00' };

/** The core as far as this form needs it: CSV split on commas, rows checked by a table of readable dates. */
function backend() {
  return fakeBackend()
    .answer('records.list', () => records([]))
    .answer('planner.calendar', () => ({ items: [], unscheduled: 0, channels: [] }))
    .answer('planner.parseCsv', ({ text }: ChannelArgs<'planner.parseCsv'>) => {
      const [head, ...lines] = text.split('\n');
      const columns = head!.split(',');
      const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [columns[i]!, v])));
      return { columns, rows, errors: [] };
    })
    .answer('planner.templatePreview', (input: ChannelArgs<'planner.templatePreview'>) => ({
      text: `${input.rows?.[0]?.product ?? ''} on sale`,
      variables: ['product'],
      missing: [],
      zone: input.zone,
      rows: (input.rows ?? []).map((r, i) => {
        const value = r.scheduled_at ?? '';
        const local = READS[value] ?? null;
        const date: RowDate = { field: 'scheduled_at', value, at: local ? '2026-11-30T08:00:00.000Z' : null, local };
        const problems = local
          ? []
          : [{ field: 'scheduled_at', message: `Row ${i + 1}: "${value}" has a date but no time.` }];
        return { row: i + 1, dates: [date], problems };
      }),
    }))
    .answer('planner.fromTemplate', ({ rows, validOnly }: ChannelArgs<'planner.fromTemplate'>) => ({
      created: [record('posts', 'p1', { text: `${rows[0]?.product} on sale` })],
      skipped: validOnly ? [2] : [],
    }));
}

describe('create from template: CSV rows', () => {
  it('flags a bad row before Create is offered, shows dates as read and the first row filled', async () => {
    const fake = backend();
    const { user } = renderWithBackend(
      <CreateFromTemplate
        target="posts"
        body="{{product}} on sale"
        variables={['product']}
        values={{}}
        ensureSaved={vi.fn(async () => 'tpl-1')}
      />,
      fake,
    );
    await user.click(screen.getByTestId('template-source-csv'));
    await user.click(screen.getByTestId('template-csv'));
    await user.paste(CSV);

    const bad = await screen.findByTestId('template-row-2', {}, { timeout: 3000 });
    await waitFor(() => expect(bad.getAttribute('data-valid')).toBe('false'));
    expect(within(bad).getByRole('listitem').textContent).toBe('scheduled_at: "2026-12-02" has a date but no time.');
    const good = screen.getByTestId('template-row-1');
    expect(good.getAttribute('data-valid')).toBe('true');
    expect(good.textContent).toContain('30/11/2026 9:00');
    expect(within(good).getByTestId('row-date-local').textContent).toContain('Mon 30 Nov 2026, 09:00');
    expect(screen.getByTestId('template-first-row').textContent).toBe('Mug on sale');

    const create = screen.getByTestId('template-create') as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(screen.getByTestId('template-create-why').textContent).toBe(
      'Fix the flagged row, or tick “Create only the valid rows”.',
    );
    expect(fake.calls('planner.templatePreview').at(-1)).toMatchObject({ zone: expect.any(String) });

    await user.click(screen.getByTestId('template-valid-only'));
    expect(create.disabled).toBe(false);
    expect(create.textContent).toBe('Create post');
    await user.click(create);
    expect((await screen.findByTestId('template-created')).textContent).toBe('Created 1 post; skipped row 2.');
    expect(fake.calls('planner.fromTemplate')[0]).toMatchObject({ validOnly: true, templateId: 'tpl-1' });
  });
});
