import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../shared/settings';
import { call } from '../backend/call';
import { useBackend, useChannel } from '../backend/context';
import type { SectionId } from './sections';

/** The section shown and the theme, both remembered in the settings. */
export function useAppSettings() {
  const api = useBackend();
  const client = useQueryClient();
  const settings = useChannel('settings.get', {});
  const [section, setSection] = useState<SectionId | null>(null);
  const { mutate: remember } = useMutation({
    mutationFn: (patch: Partial<Settings>) => call(api, 'settings.update', patch),
    onSuccess: (next) => client.setQueryData(['settings.get', {}], next),
    // The screen showed the change at once: on failure, show what is stored again.
    onError: () => void client.invalidateQueries({ queryKey: ['settings.get'] }),
  });
  const go = useCallback(
    (id: SectionId) => {
      setSection(id);
      remember({ lastSection: id });
    },
    [remember],
  );
  const setTheme = useCallback(
    (next: Settings['theme']) => {
      const previous = client.getQueryData<Settings>(['settings.get', {}]);
      if (previous) client.setQueryData(['settings.get', {}], { ...previous, theme: next });
      remember({ theme: next });
    },
    [client, remember],
  );
  const current: SectionId = section ?? settings.data?.lastSection ?? 'library';
  return { current, theme: settings.data?.theme ?? 'system', go, setTheme };
}
