import type { AtelierApi } from '../../shared/backend';
import { createWebBridge, takeBridgeToken } from './web-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    atelier?: AtelierApi;
  }
}

export type BackendChoice = { api: AtelierApi } | { problem: string };

/** Electron's preload API when present, otherwise the browser-mode bridge (tests hand in their own host). */
export function selectBackend(host: Pick<Window, 'atelier'> = window): BackendChoice {
  if (host.atelier) return { api: host.atelier };
  const token = takeBridgeToken();
  if (!token) {
    return {
      problem:
        'This page needs the address printed by "npm run start:web" (it carries a one-time access token). ' +
        'Open that address instead.',
    };
  }
  return { api: createWebBridge(token) };
}
