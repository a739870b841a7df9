import { contract, type ChannelInput, type ChannelName, type ChannelOutput } from '../../src/shared/contract';
import type { Dispatch } from '../../src/main/core/dispatch';

/** A channel's data through a dispatch, parsed by its contract schema; a failure throws with its code and words. */
export async function hostCall<C extends ChannelName>(
  target: { dispatch: Dispatch },
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  const result = await target.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return contract[channel].output.parse(result.data) as ChannelOutput<C>;
}
