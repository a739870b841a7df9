import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChannelName } from '../../../shared/contract';
import type { Snippet } from '../../../shared/snippets';
import { useBackend, useChannel } from '../../backend/context';
import { useAction } from '../../backend/use-action';

/** What a change of snippets may alter on screen (they are media template records too). */
const snippetQueries: ChannelName[] = ['snippets.list', 'records.list'];

/** The snippets, most used first; asked for only while `enabled` (a picker that is open). */
export function useSnippets(options: { enabled?: boolean } = {}) {
  return useChannel('snippets.list', {}, { placeholderData: (prev) => prev, ...options });
}

/** A snippets.* change that refreshes what it may have changed when it succeeds. */
export function useSnippetAction<C extends 'snippets.create' | 'snippets.update' | 'snippets.remove' | 'snippets.use'>(
  channel: C,
) {
  // A use changes only the counts (kept on this computer), never a record.
  return useAction(channel, channel === 'snippets.use' ? ['snippets.list'] : snippetQueries);
}

/** Refresh the snippets when media templates change (a pull from another computer, another window). */
export function useSnippetEvents(): void {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(
    () =>
      api.on('records.changed', (change) => {
        if (change.group === 'mediaTemplates') void client.invalidateQueries({ queryKey: ['snippets.list'] });
      }),
    [api, client],
  );
}

/** How often a snippet was used, in a list's second line. */
export const usesLine = (s: Snippet) => (s.uses === 0 ? 'not used yet' : `used ${s.uses}×`);
