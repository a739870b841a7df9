import { useEffect } from 'react';
import type { EventPayload } from '../../shared/events';
import type { SectionId } from './sections';
import { useBackend } from '../backend/context';

/** Whether a notification should show now: always, or only while the page is not in front. */
export function shouldShow(
  n: Pick<EventPayload<'app.notification'>, 'whenUnfocused'>,
  page: { hidden: boolean; focused: boolean },
): boolean {
  return !n.whenUnfocused || page.hidden || !page.focused;
}

/** Ask once, from a user action (browsers only allow it then), whether Atelier may notify. */
export function askToNotify(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default')
    void Notification.requestPermission().catch(() => undefined);
}

/** A record a notification is about. */
export type NotifiedItem = NonNullable<EventPayload<'app.navigate'>['item']>;

/**
 * Opens a section, and the record it is about, when a notification is clicked (the desktop app
 * sends `app.navigate`), and in browser mode shows the core's notifications with the Web
 * Notifications API.
 */
export function useNotifications(go: (section: SectionId) => void, open?: (item: NotifiedItem) => void): void {
  const api = useBackend();
  useEffect(
    () =>
      api.on('app.navigate', ({ section, item }) => {
        go(section);
        if (item) open?.(item);
      }),
    [api, go, open],
  );
  useEffect(
    () =>
      api.on('app.notification', (n) => {
        if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
        if (!shouldShow(n, { hidden: document.hidden, focused: document.hasFocus() })) return;
        const shown = new Notification(n.title, { body: n.body });
        shown.onclick = () => {
          window.focus();
          if (n.route) go(n.route);
          if (n.item) open?.(n.item);
          shown.close();
        };
      }),
    [api, go, open],
  );
}
