import { REDACTED } from '../redact';

// The last pass over everything that leaves in a diagnostics export. The SecretRegistry has
// already removed every secret value the app knows; these patterns catch the shapes of secrets it
// could not know (a token pasted into a note, a key from another tool, a log line from before).

const SECRET_NAME =
  '[A-Za-z0-9_.-]*' +
  '(?:token|secret|password|passwd|authorization|api[-_]?key|cookie|credential|session[-_]?id)' +
  '[A-Za-z0-9_.-]*';

const patterns: [RegExp, string][] = [
  // "Authorization: Bearer …", "Basic …"
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${REDACTED}`],
  // JSON string values under a secret-sounding key: "refresh_token":"…", "clientSecret": "…"
  [new RegExp(`("${SECRET_NAME}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi'), `$1"${REDACTED}"`],
  // Query strings, form bodies and key=value text: access_token=…, api_key=…, password=…
  [new RegExp(`\\b(${SECRET_NAME}|key|sig|signature)=[^&\\s"'<>]+`, 'gi'), `$1=${REDACTED}`],
  // Header-like lines: "x-api-key: …", "cookie: …"
  [/\b((?:x-)?api-key|authorization|set-cookie|cookie)(\s*:\s*)(?!\[redacted\])[^\s,;"]+/gi, `$1$2${REDACTED}`],
  // Credentials inside URLs: https://user:pass@host
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:"']+:[^\s/@"']*@/gi, `$1${REDACTED}@`],
  // JSON Web Tokens.
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // Prefixed keys and tokens: sbx_at_…, sk_live_…, ak_…, ghp_…, AKIA…
  [/\b(?:[A-Za-z]{2,6}_)?(?:at|rt|ak|sk|pk|rk|tok|key)_(?:live_|test_)?[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/\bgh[pousr]_[A-Za-z0-9]{20,}\b/g, REDACTED],
  [/\bAKIA[0-9A-Z]{16}\b/g, REDACTED],
  // PEM private keys.
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g, REDACTED],
];

/** Replace every known shape of a token, key or password in `text`. */
export function scrubPatterns(text: string): string {
  let out = text;
  for (const [pattern, replacement] of patterns) out = out.replace(pattern, replacement);
  return out;
}
