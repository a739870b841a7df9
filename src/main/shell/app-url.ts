import { pathToFileURL } from 'node:url';

/** Decide which URLs are "the app": exactly our renderer document (file) or the dev server origin. */
export function appUrlPolicy(
  rendererFile: string,
  devServerUrl?: string,
): { rendererUrl: string; isAppUrl: (url: string) => boolean } {
  if (devServerUrl) {
    const origin = new URL(devServerUrl).origin;
    return { rendererUrl: devServerUrl, isAppUrl: (url) => safeOrigin(url) === origin };
  }
  const fileUrl = pathToFileURL(rendererFile).toString();
  return {
    rendererUrl: fileUrl,
    isAppUrl: (url) => {
      try {
        const u = new URL(url);
        return u.protocol === 'file:' && `${u.protocol}//${u.host}${u.pathname}` === fileUrl;
      } catch {
        return false;
      }
    },
  };
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
