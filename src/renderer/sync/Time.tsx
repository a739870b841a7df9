import { absoluteTime, relativeTime } from './format';

/** A time shown relative to now ("2 min ago"), with the exact local time on hover. */
export function Time({ iso, now, kind = 'past' }: { iso: string; now: number; kind?: 'past' | 'future' }) {
  return (
    <time dateTime={iso} title={absoluteTime(iso)}>
      {relativeTime(iso, now, kind)}
    </time>
  );
}
