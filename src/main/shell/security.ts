import { shell, type Session, type WebContents } from 'electron';
import { RENDERER_CSP } from '../../shared/csp';
import { openExternalSafely } from './external-links';

/** Deny every permission (camera, notifications from web, geolocation…); the app needs none from Chromium. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [RENDERER_CSP],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
}

/** No navigation away from the app, no new windows, no webviews; https links go to the browser after vetting. */
export function hardenContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalSafely(url, (u) => shell.openExternal(u));
    return { action: 'deny' };
  });
}
