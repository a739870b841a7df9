import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { channelNames } from '../../shared/contract';
import type { Envelope } from '../../shared/errors';
import type { EventName } from '../../shared/events';
import type { Dispatch } from '../core/dispatch';
import type { RendererPush } from '../core/event-bus';
import type { Logger } from '../core/ports';

import { IPC_CHANNEL_PREFIX as CHANNEL_PREFIX, IPC_EVENT_CHANNEL as EVENT_CHANNEL } from '../../shared/ipc-names';

export interface SenderPolicy {
  /** The webContents of our own window(s). */
  isOurContents(contents: WebContents): boolean;
  /** Our renderer's URL (file:// in production, the dev server in development). */
  isAppUrl(url: string): boolean;
}

/** Only our window, its main frame, on our own URL may call the core. */
export function isTrustedSender(event: IpcMainInvokeEvent, policy: SenderPolicy): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (!policy.isOurContents(event.sender)) return false;
  if (frame !== event.sender.mainFrame || frame.parent !== null) return false;
  return policy.isAppUrl(frame.url);
}

const forbidden: Envelope<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'This caller may not use Atelier’s channels.' },
};

/** The only place that touches ipcMain: one wrapped handler per contract channel. */
export function registerIpc(dispatch: Dispatch, policy: SenderPolicy, logger: Logger): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(CHANNEL_PREFIX + channel, async (event, raw: unknown) => {
      if (!isTrustedSender(event, policy)) {
        logger.warn('ipc call refused from an untrusted sender', { channel, url: event.senderFrame?.url ?? '(none)' });
        return forbidden;
      }
      return dispatch(channel, raw);
    });
  }
  return () => {
    for (const channel of channelNames) ipcMain.removeHandler(CHANNEL_PREFIX + channel);
  };
}

/** Push core events to a window's renderer. */
export function forwardEvents(bus: RendererPush, contents: WebContents): () => void {
  return bus.subscribe((event: EventName, payload) => {
    if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, event, payload);
  });
}
