import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/contract';
import type { AtelierApi } from '../../shared/backend';
import type { AppError } from '../../shared/errors';

/** An AppError thrown on the renderer side so React Query and error boundaries can carry it. */
export class BackendError extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'BackendError';
  }
}

/** Call a channel and unwrap its envelope: resolve with data or throw a BackendError. */
export async function call<C extends ChannelName>(
  api: AtelierApi,
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  const invoke = api[channel] as (
    i: ChannelInput<C>,
  ) => Promise<{ ok: true; data: ChannelOutput<C> } | { ok: false; error: AppError }>;
  const result = await invoke(input);
  if (!result.ok) throw new BackendError(result.error);
  return result.data;
}
