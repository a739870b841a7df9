import type { AtelierApi } from '../../shared/backend';
import { createWebBridge, takeBridgeToken } from './web-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    atelier?: AtelierApi;
  }
}

export type BackendChoice = { api: AtelierApi } | { problem: string };

/** Electron's preload API when present, otherwise the browser-mode bridge. */
export function selectBackend(): BackendChoice {
  if (window.atelier) return { api: window.atelier };
  const token = takeBridgeToken();
  if (!token) {
    return {
      problem: 'This page needs the address printed by "npm run start:web" (it carries a one-time access token). Open that address instead.',
    };
  }
  const api = createWebBridge(token);
  (window as unknown as { __atelierBridge?: AtelierApi }).__atelierBridge = api;
  return { api };
}
