import type { SpendingView } from '../../../shared/ai-spending';
import { noSpendingLimits } from '../../../shared/settings';

/** The spending guard as the core answers it, with what a test cares about given in `over`. */
export function spendingView(over: Partial<SpendingView> = {}): SpendingView {
  return {
    limits: { ...noSpendingLimits, daily: 10, monthly: 100 },
    zone: 'Europe/Paris',
    today: { total: 2, perOperation: { text2image: 2 }, cost: null },
    month: { total: 30, perOperation: { text2image: 30 }, cost: null },
    state: 'ok',
    message: null,
    overrideArmed: false,
    dayEndsAt: 0,
    monthEndsAt: 0,
    ...over,
  };
}
