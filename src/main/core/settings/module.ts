import type { CoreModule, Kernel } from '../compose';
import { settingsHandlers } from './handlers';

/** The user's settings and how secrets are kept. */
export function createSettings({ deps, push }: Pick<Kernel, 'deps' | 'push'>): CoreModule {
  return { name: 'settings', handlers: settingsHandlers(deps, push), start: () => undefined, close: () => undefined };
}
