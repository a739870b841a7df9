// Every library card carries its dates as ISO strings; a page of 200 cards formatted them with
// new Date().toISOString() at a third of a page's cost beyond the SQL. Cards of one page mostly fall
// on the same few days, so the day's part is formatted once and only the time of day is built here.

const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z and below: past it toISOString writes six-digit years. */
const LAST_MS = 253_402_300_800_000;

let lastDay = Number.NaN;
let lastDayText = '';

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** The same text as new Date(ms).toISOString(), for any epoch milliseconds. */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= LAST_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    lastDayText = new Date(day * DAY_MS).toISOString().slice(0, 11); // "2026-05-01T"
    lastDay = day;
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const frac = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : String(millis);
  return `${lastDayText}${two(hours)}:${two(minutes)}:${two(seconds)}.${frac}Z`;
}
