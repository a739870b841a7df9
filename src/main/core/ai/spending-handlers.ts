import type { HandlerMap } from '../../../shared/contract';
import type { AiQueue } from './queue';
import type { SpendingGuard } from './spending-guard';

type SpendingChannels = Pick<HandlerMap, 'ai.spending' | 'ai.spendingOverride'>;

/** The guard's channels; its limits are changed through `settings.update` like any setting. */
export function spendingHandlers(
  guard: SpendingGuard,
  queue: Pick<AiQueue, 'kick'>,
  changed: () => void,
): SpendingChannels {
  return {
    'ai.spending': () => guard.view(),
    'ai.spendingOverride': () => {
      guard.allowOnce();
      changed();
      queue.kick();
      return guard.view();
    },
  };
}
