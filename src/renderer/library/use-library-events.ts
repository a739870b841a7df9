import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBackend } from '../backend/context';

/** How long to gather `records.changed` events before refreshing (an import sends many). */
const COALESCE_MS = 150;

/** Refresh the library's queries when assets change, here or from a pull. */
export function useLibraryEvents(): void {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let all = false;
    const ids = new Set<string>();
    const flush = () => {
      timer = null;
      void client.invalidateQueries({ queryKey: ['library.query'] });
      void client.invalidateQueries({ queryKey: ['library.tags'] });
      if (all) void client.invalidateQueries({ queryKey: ['library.get'] });
      else for (const id of ids) void client.invalidateQueries({ queryKey: ['library.get', { id }] });
      all = false;
      ids.clear();
    };
    const off = api.on('records.changed', (change) => {
      if (change.group !== 'assets') return;
      if (change.ids === null) all = true;
      else for (const id of change.ids) ids.add(id);
      timer ??= setTimeout(flush, COALESCE_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [api, client]);
}
