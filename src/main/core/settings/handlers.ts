import type { HandlerMap } from '../../../shared/contract';
import type { EventBus } from '../event-bus';
import type { CoreDeps } from '../ports';

type SettingsChannels = Pick<HandlerMap, 'settings.get' | 'settings.update' | 'secrets.status'>;

export function settingsHandlers(deps: CoreDeps, bus: EventBus): SettingsChannels {
  return {
    'settings.get': () => deps.settings.get(),
    'settings.update': async (patch) => {
      const before = deps.settings.get();
      const next = { ...before, ...patch };
      deps.settings.set(next);
      if (before.allowWeakSecretStorage !== next.allowWeakSecretStorage) await deps.secrets.refreshPersistence?.();
      bus.emit('settings.changed', next);
      return next;
    },
    'secrets.status': () => deps.secrets.status(),
  };
}
