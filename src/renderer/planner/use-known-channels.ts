import { useMemo } from 'react';
import { addDays, dayKeyOf, dayRange } from './calendar';
import { useChannel } from '../backend/context';
import { channelsOf } from './post-filter';
import { useRecords } from './use-records';
import { str } from './fields';
import { targetsOf } from '../../shared/targets';

/** Channel labels in use (the calendar's around today, and every post's), for suggestions and filters. */
export function useKnownChannels(tz: string): string[] {
  const range = useMemo(() => {
    const today = dayKeyOf(new Date(), tz);
    return { from: dayRange(addDays(today, -366), tz).from, to: dayRange(addDays(today, 366), tz).to, zone: tz };
  }, [tz]);
  const calendar = useChannel('planner.calendar', range, { staleTime: 30_000, placeholderData: (prev) => prev });
  const posts = useRecords('posts');
  return useMemo(
    () =>
      channelsOf(
        calendar.data?.channels ?? [],
        (posts.data?.items ?? []).flatMap((r) => [str(r.fields, 'channel'), ...targetsOf(r.fields).map((t) => t.name)]),
      ),
    [calendar.data, posts.data],
  );
}
