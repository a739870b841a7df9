import type { CoreModule, Kernel } from '../compose';
import { settingsHandlers } from './handlers';

/** The user's settings and how secrets are kept. */
export function createSettings({ deps, push, bus }: Pick<Kernel, 'deps' | 'push' | 'bus'>): CoreModule {
  return {
    name: 'settings',
    handlers: settingsHandlers(deps, push, bus),
    start: () => undefined,
    close: () => undefined,
  };
}
