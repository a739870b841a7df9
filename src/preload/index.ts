import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { AtelierApi, MediaAccess } from '../shared/backend';
import { channelNames } from '../shared/contract';
import { isEventName } from '../shared/events';
import { IPC_CHANNEL_PREFIX as CHANNEL_PREFIX, IPC_EVENT_CHANNEL as EVENT_CHANNEL } from '../shared/ipc-names';

/** Blobs come from the main process's `atelier-media` scheme; files are imported by path, never uploaded. */
const media: MediaAccess = {
  url: (sha256) => `atelier-media://blob/${encodeURIComponent(sha256)}`,
  // Electron gives '' for a File that has no path (made in the page rather than dropped or picked).
  pathForFile: (file) => webUtils.getPathForFile(file) || null,
  upload: null,
};

/** Build the renderer's API: one method per contract channel, plus event subscription. Nothing else crosses. */
export function buildApi(): AtelierApi {
  const api: Record<string, unknown> = {
    transport: 'electron',
    media,
    on: (event: string, listener: (payload: unknown) => void) => {
      if (!isEventName(event)) throw new Error(`Unknown event ${event}`);
      const handler = (_e: unknown, name: string, payload: unknown) => {
        if (name === event) listener(payload);
      };
      ipcRenderer.on(EVENT_CHANNEL, handler);
      return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    },
  };
  for (const channel of channelNames) {
    api[channel] = (input: unknown) => ipcRenderer.invoke(CHANNEL_PREFIX + channel, input ?? {});
  }
  return api as unknown as AtelierApi;
}

contextBridge.exposeInMainWorld('atelier', buildApi());
