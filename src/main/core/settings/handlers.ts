import type { HandlerMap } from '../../../shared/contract';
import type { CoreBus, RendererPush } from '../event-bus';
import type { CoreDeps } from '../ports';

type SettingsChannels = Pick<HandlerMap, 'settings.get' | 'settings.update' | 'secrets.status'>;

export function settingsHandlers(deps: CoreDeps, push: RendererPush, bus?: CoreBus): SettingsChannels {
  return {
    'settings.get': () => deps.settings.get(),
    'settings.update': async (patch) => {
      const before = deps.settings.get();
      const next = { ...before, ...patch };
      deps.settings.set(next);
      if (before.allowWeakSecretStorage !== next.allowWeakSecretStorage) await deps.secrets.refreshPersistence?.();
      push.emit('settings.changed', next);
      bus?.emit('settings.changed', next);
      return next;
    },
    'secrets.status': () => deps.secrets.status(),
  };
}
