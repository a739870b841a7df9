/**
 * The Content-Security-Policy of every renderer document. No inline or eval'd script, no plugins,
 * and the only connection allowed is to our own origin (the browser-mode bridge). Images and
 * media may also come from `atelier-media:`, the desktop app's scheme for stored blobs.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: atelier-media:",
  "media-src 'self' blob: atelier-media:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The same policy for a document's `<meta>`: frame-ancestors only works as a header (in a meta,
 * browsers ignore it and log an error), so the meta leaves it to the header every host sends.
 */
export const RENDERER_CSP_META = RENDERER_CSP.split('; ')
  .filter((d) => !d.startsWith('frame-ancestors '))
  .join('; ');
