import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings, noSpendingLimits } from '../../../shared/settings';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { SpendingCard } from './SpendingCard';
import { spendingView as view } from './test-spending';

describe('SpendingCard', () => {
  it('shows the counts against the limits, in money when a cost per job is entered', async () => {
    const limits = { ...noSpendingLimits, daily: 10, monthly: null, costPerJob: 0.5, currency: 'EUR' };
    const fake = fakeBackend().answer(
      'ai.spending',
      view({
        limits,
        today: { total: 2, perOperation: {}, cost: 1 },
        month: { total: 30, perOperation: {}, cost: 15 },
      }),
    );
    renderWithBackend(<SpendingCard />, fake);
    expect((await screen.findByTestId('spending-today')).textContent).toContain('2 of 10 · 1.00 EUR of 5.00 EUR');
    expect(screen.getByTestId('spending-month').textContent).toContain('30 (no limit) · 15.00 EUR');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns at 80%', async () => {
    const fake = fakeBackend().answer(
      'ai.spending',
      view({ state: 'warning', message: '8 of 10 AI jobs today: the queue pauses at the limit.' }),
    );
    renderWithBackend(<SpendingCard />, fake);
    expect((await screen.findByRole('status')).textContent).toContain('8 of 10 AI jobs today');
  });

  it('offers Run anyway once and Raise limit when paused', async () => {
    const paused = view({ state: 'paused', message: 'Paused by your spending limit: 10 of 10 AI jobs today.' });
    const fake = fakeBackend()
      .answer('ai.spending', paused)
      .answer('ai.spendingOverride', { ...paused, overrideArmed: true })
      .answer('settings.update', (patch) => ({ ...defaultSettings, ...patch }));
    const { user } = renderWithBackend(<SpendingCard />, fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Paused by your spending limit: 10 of 10 AI jobs today.');
    await user.click(within(alert).getByRole('button', { name: 'Run anyway once' }));
    expect(fake.calls('ai.spendingOverride')).toHaveLength(1);

    await user.click(within(alert).getByRole('button', { name: 'Raise limit' }));
    const form = screen.getByRole('form', { name: 'Spending limits' });
    const daily = within(form).getByLabelText('Jobs per day');
    await user.clear(daily);
    await user.type(daily, '0');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(within(form).getByRole('alert').textContent).toContain(
      'The daily limit is a whole number of jobs, at least 1 (leave it empty for none).',
    );
    expect(fake.calls('settings.update')).toHaveLength(0);
    await user.clear(daily);
    await user.type(daily, '20');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(fake.calls('settings.update')).toEqual([{ spendingLimits: { ...paused.limits, daily: 20 } }]);
  });
});
