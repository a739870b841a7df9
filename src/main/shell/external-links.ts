/** The one way to open a link outside the app: https only, no embedded credentials, sane length. */
export function vetExternalUrl(raw: string): URL | null {
  if (typeof raw !== 'string' || raw.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!url.hostname || url.hostname.includes('%')) return null;
  return url;
}

export async function openExternalSafely(raw: string, open: (url: string) => Promise<void>): Promise<boolean> {
  const url = vetExternalUrl(raw);
  if (!url) return false;
  await open(url.toString());
  return true;
}
