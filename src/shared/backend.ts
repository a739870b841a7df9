import type { ChannelApi } from './contract';
import type { EventSource } from './events';

/** What the preload exposes as `window.atelier` and what every renderer backend implements. */
export type AtelierApi = ChannelApi & EventSource & { readonly transport: 'electron' | 'web' | 'memory' };
