import fs from 'node:fs';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Resolve a URL path to a file inside root, or null (never escapes root; unknown paths fall back to index.html). */
export function resolveStatic(root: string, urlPath: string): { file: string; type: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rootResolved = path.resolve(root);
  const candidate = path.resolve(rootResolved, `.${path.posix.normalize(`/${decoded}`)}`);
  if (candidate !== rootResolved && !candidate.startsWith(rootResolved + path.sep)) return null;
  let file = candidate;
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    // Client-side routes and the root both serve the app shell; missing assets do not.
    if (path.extname(decoded)) return null;
    file = path.join(rootResolved, 'index.html');
    if (!fs.existsSync(file)) return null;
  }
  return { file, type: TYPES[path.extname(file)] ?? 'application/octet-stream' };
}
