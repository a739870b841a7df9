/** Electron IPC channel names: every contract channel is invoked as PREFIX + name; events travel on one channel. */
export const IPC_CHANNEL_PREFIX = 'atelier:';
export const IPC_EVENT_CHANNEL = 'atelier:event';
