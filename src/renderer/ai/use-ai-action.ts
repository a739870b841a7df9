import type { ChannelName } from '../../shared/contract';
import { useAction } from '../backend/use-action';

/** Everything an AI action may change on screen. */
const aiQueries: ChannelName[] = ['ai.queue', 'ai.gallery', 'ai.get'];

/**
 * An `ai.*` action that refreshes the queue, the gallery and open details when it succeeds (and the
 * catalog when asked).
 */
export function useAiAction<C extends ChannelName>(channel: C, alsoCatalog = false) {
  return useAction(channel, alsoCatalog ? [...aiQueries, 'ai.catalog'] : aiQueries);
}
