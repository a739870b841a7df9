import { Notification, type BrowserWindow } from 'electron';
import type { AppNotification, Notifier } from '../core/ports';

/**
 * OS notifications for the desktop app. One marked `whenUnfocused` is skipped while the window is
 * in front (the user sees the screen change anyway); a click brings the window forward on the
 * notification's screen.
 */
export function electronNotifier(
  window: () => BrowserWindow | null,
  open: (route: NonNullable<AppNotification['route']>, item?: AppNotification['item']) => void,
): Notifier {
  return {
    notify: (n) => {
      if (!Notification.isSupported()) return;
      const win = window();
      if (n.whenUnfocused && win && win.isFocused() && win.isVisible() && !win.isMinimized()) return;
      const shown = new Notification({ title: n.title, body: n.body });
      shown.on('click', () => {
        const w = window();
        if (w) {
          if (w.isMinimized()) w.restore();
          w.show();
          w.focus();
        }
        if (n.route) open(n.route, n.item);
      });
      shown.show();
    },
  };
}
