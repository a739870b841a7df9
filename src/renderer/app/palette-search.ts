import { useEffect, useState } from 'react';
import type { PaletteHit } from '../../shared/palette';
import { call } from '../backend/call';
import { useBackend } from '../backend/context';
import { toAppError } from '../library/app-error';

/** Typing pauses this long before the records are searched (each key would otherwise ask). */
export const SEARCH_DELAY_MS = 60;

/** Whether a query has something the record search can look for (a letter or a digit). */
export const searchable = (query: string) => /[\p{L}\p{N}]/u.test(query);

/**
 * The records matching what is typed, from `palette.search`, a short pause after the last key; an
 * answer to an older query is dropped. Commands show at once, without waiting for this.
 */
export function usePaletteSearch(
  query: string,
  enabled = true,
): { hits: PaletteHit[]; searching: boolean; error: string | null } {
  const api = useBackend();
  const [state, setState] = useState<{ for: string; hits: PaletteHit[]; error: string | null }>({
    for: '',
    hits: [],
    error: null,
  });
  // Without a way to open records (a host that only runs commands), they are not looked for.
  const text = enabled ? query.trim().slice(0, 200) : '';
  useEffect(() => {
    if (!searchable(text)) return;
    let current = true;
    const timer = setTimeout(() => {
      call(api, 'palette.search', { text }).then(
        (r) => current && setState({ for: text, hits: r.hits, error: null }),
        (e: unknown) => current && setState({ for: text, hits: [], error: toAppError(e).message }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, text]);
  if (!searchable(text)) return { hits: [], searching: false, error: null };
  const done = state.for === text;
  return { hits: done ? state.hits : [], searching: !done, error: done ? state.error : null };
}
