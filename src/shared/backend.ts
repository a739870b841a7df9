import type { ChannelApi } from './contract';
import type { EventSource } from './events';

/** How screens reach media files, which never travel over the channel API. */
export interface MediaAccess {
  /** A URL the renderer may put in <img>/<video>: a stored file or its thumbnail, by SHA-256. */
  url(sha256: string): string;
  /** The path of a dropped or picked file (the desktop app); null where the host has no paths (a browser). */
  pathForFile(file: File): string | null;
  /**
   * Send a file to the local host first (browser mode); the id goes to `library.importUploads`. Null where paths are
   * used.
   */
  upload: ((file: File, signal?: AbortSignal) => Promise<{ id: string }>) | null;
}

/** What the preload exposes as `window.atelier` and what every renderer backend implements. */
export type AtelierApi = ChannelApi &
  EventSource & { readonly transport: 'electron' | 'web' | 'memory'; readonly media: MediaAccess };
