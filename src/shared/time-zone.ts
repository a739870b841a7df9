// The user's zone, read where the core and the renderer both need it; the calendar math that
// works in a zone lives in the renderer, so the contract layer stays free of date libraries.

/** The time zone this runtime is in (the user's, on a desktop). */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
