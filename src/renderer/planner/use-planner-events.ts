import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResourceGroup } from '../../shared/profile';
import { useBackend } from '../backend/context';

/** How long to gather change events before refreshing (an import or a template run sends many). */
const COALESCE_MS = 150;

/** Refresh the planner's queries when records change (here, by an automation or a pull) or automations run. */
export function usePlannerEvents(): void {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const groups = new Set<ResourceGroup>();
    const flush = () => {
      timer = null;
      for (const group of groups) void client.invalidateQueries({ queryKey: ['records.list', { group }] });
      void client.invalidateQueries({ queryKey: ['records.get'] });
      void client.invalidateQueries({ queryKey: ['planner.calendar'] });
      void client.invalidateQueries({ queryKey: ['planner.queue'] });
      groups.clear();
    };
    const offRecords = api.on('records.changed', (change) => {
      groups.add(change.group);
      timer ??= setTimeout(flush, COALESCE_MS);
    });
    const offRuns = api.on(
      'automations.changed',
      () => void client.invalidateQueries({ queryKey: ['automations.runs'] }),
    );
    return () => {
      offRecords();
      offRuns();
      if (timer) clearTimeout(timer);
    };
  }, [api, client]);
}
