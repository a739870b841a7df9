/** Today in a time zone, YYYY-MM-DD. */
export function dayIn(zone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/**
 * Values a post already knows, offered for snippet variables of the same names: {{date}} is its scheduled
 * day (else today in the creator's zone), {{channel}} its first channel's name.
 */
export function knownValues(post: { scheduledAt?: string; channel?: string; zone: string }): Record<string, string> {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(post.scheduledAt ?? '')?.[0] ?? dayIn(post.zone);
  return { date: day, ...(post.channel ? { channel: post.channel } : {}) };
}
