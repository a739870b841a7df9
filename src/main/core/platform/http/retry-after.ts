/**
 * How long a `Retry-After` header asks us to wait, in ms: delta-seconds or an HTTP-date.
 * A date is measured against the answer's own `Date` header when there is one, so a skewed
 * local clock neither shortens nor stretches the wait. Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number, serverDate?: string | null): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined; // "-1", "1.5": not a valid form; ignore rather than guess
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return undefined;
  const sent = serverDate ? Date.parse(serverDate) : NaN;
  return Math.max(0, at - (Number.isFinite(sent) ? sent : now));
}
