// One formatter per zone: the post editor asks on every keystroke, and making a formatter costs far more
// than formatting with one. Null: the zone is not one Intl knows.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  if (formatters.has(zone)) return formatters.get(zone) ?? null;
  let made: Intl.DateTimeFormat | null;
  try {
    made = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    made = null;
  }
  formatters.set(zone, made);
  return made;
}

/** Today in a time zone, YYYY-MM-DD (in UTC when the zone is unknown). */
export function dayIn(zone: string, now = new Date()): string {
  return formatterFor(zone)?.format(now) ?? now.toISOString().slice(0, 10);
}

/**
 * Values a post already knows, offered for snippet variables of the same names: {{date}} is its scheduled
 * day (else today in the creator's zone), {{channel}} its first channel's name.
 */
export function knownValues(post: { scheduledAt?: string; channel?: string; zone: string }): Record<string, string> {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(post.scheduledAt ?? '')?.[0] ?? dayIn(post.zone);
  return { date: day, ...(post.channel ? { channel: post.channel } : {}) };
}
