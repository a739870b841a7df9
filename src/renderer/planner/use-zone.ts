import { useMemo } from 'react';
import { localZone } from '../../shared/time-zone';
import { localeWeekStart } from './local-time';

/** The time zone screens show times in, and the locale's first day of the week. */
export function useZone(): { tz: string; weekStartsOn: 0 | 1 } {
  return useMemo(
    () => ({
      tz: localZone(),
      weekStartsOn: localeWeekStart(typeof navigator === 'undefined' ? undefined : navigator.language),
    }),
    [],
  );
}
