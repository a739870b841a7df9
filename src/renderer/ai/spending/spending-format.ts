import type { SpendingTally } from '../../../shared/ai-spending';
import type { SpendingLimits } from '../../../shared/settings';

/** "3 of 10" (or "3" without a limit), with the money beside it when a cost per job is entered. */
export function countLine(tally: SpendingTally, limit: number | null, limits: SpendingLimits): string {
  const count = limit === null ? `${tally.total} (no limit)` : `${tally.total} of ${limit}`;
  if (limits.costPerJob === null || tally.cost === null) return count;
  const money = (n: number) => `${n.toFixed(2)} ${limits.currency}`;
  return limit === null
    ? `${count} · ${money(tally.cost)}`
    : `${count} · ${money(tally.cost)} of ${money(limit * limits.costPerJob)}`;
}

/** The form's text fields as limits: empty means no limit; a wrong value is refused in words. */
export function limitsFromForm(
  current: SpendingLimits,
  form: { daily: string; monthly: string; cost: string; currency: string },
): { limits: SpendingLimits } | { error: string } {
  const count = (text: string, what: string): number | null | string => {
    const t = text.trim();
    if (t === '') return null;
    const n = Number(t);
    return Number.isInteger(n) && n >= 1
      ? n
      : `The ${what} limit is a whole number of jobs, at least 1 (leave it empty for none).`;
  };
  const daily = count(form.daily, 'daily');
  if (typeof daily === 'string') return { error: daily };
  const monthly = count(form.monthly, 'monthly');
  if (typeof monthly === 'string') return { error: monthly };
  const costText = form.cost.trim().replace(',', '.');
  const cost = costText === '' ? null : Number(costText);
  if (cost !== null && !(Number.isFinite(cost) && cost >= 0))
    return { error: 'The cost per job is an amount of 0 or more.' };
  const currency = form.currency.trim();
  if (currency === '' || currency.length > 8) return { error: 'Name the currency in at most 8 characters (e.g. EUR).' };
  return { limits: { ...current, daily, monthly, costPerJob: cost, currency } };
}
