import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/contract';
import { type BackendError, call } from './call';
import { useBackend } from './context';

/** A mutating channel as a React Query mutation; refreshes the listed queries when it succeeds. */
export function useAction<C extends ChannelName>(channel: C, invalidate: ChannelName[] = []) {
  const api = useBackend();
  const client = useQueryClient();
  return useMutation<ChannelOutput<C>, BackendError, ChannelInput<C>>({
    mutationFn: (input) => call(api, channel, input),
    onSuccess: async () => {
      await Promise.all(invalidate.map((name) => client.invalidateQueries({ queryKey: [name] })));
    },
  });
}

/** The message for one field from a validation error, if the core named it. */
export function fieldError(error: BackendError | null, field: string): string | undefined {
  return error?.error.issues?.find((i) => i.path === field)?.message;
}
