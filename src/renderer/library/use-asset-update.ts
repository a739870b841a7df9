import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../shared/contract';
import type { AssetDetail, AssetView } from '../../shared/library';
import { type BackendError, call } from '../backend/call';
import { useBackend } from '../backend/context';

export type AssetPatch = Omit<ChannelInput<'library.update'>, 'id'>;

/** Change an asset's name, tags or notes; tag changes show at once and roll back if refused. */
export function useAssetUpdate(id: string) {
  const api = useBackend();
  const client = useQueryClient();
  const key = ['library.get', { id }];
  return useMutation<AssetView, BackendError, AssetPatch, { previous: AssetDetail | undefined }>({
    mutationFn: (patch) => call(api, 'library.update', { id, ...patch }),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<AssetDetail>(key);
      // Tags show at once; names and notes keep their own draft until the core accepts them.
      if (previous && patch.tags) client.setQueryData<AssetDetail>(key, { ...previous, tags: patch.tags });
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: (view) => client.setQueryData<AssetDetail>(key, (old) => (old ? { ...old, ...view } : old)),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['library.query'] }),
        client.invalidateQueries({ queryKey: ['library.tags'] }),
      ]);
    },
  });
}
