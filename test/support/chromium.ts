/** The Chromium the browser-mode tests and benchmarks drive (Debian's, or ATELIER_CHROMIUM). */
export const chromiumPath = process.env.ATELIER_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a headless Chromium on a machine with a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
