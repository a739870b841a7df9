import type { UpdateStatus } from '../../../shared/updates';
import type { CoreModule, Kernel } from '../compose';
import type { Updates } from '../ports';

export interface UpdatesModule extends CoreModule {
  updates: Updates;
}

/** Application updates: the host's updater, or `disabled` where the host does not update itself. */
export function createUpdates({ deps, push }: Pick<Kernel, 'deps' | 'push'>): UpdatesModule {
  const updates = deps.updates ?? disabledUpdates('Updates are handled by the desktop app.');
  updates.onChange((status) => push.emit('updates.changed', status));
  return {
    name: 'updates',
    updates,
    handlers: {
      'updates.status': () => updates.status(),
      'updates.check': () => updates.check(),
      'updates.download': () => updates.download(),
      'updates.install': () => updates.install(),
    },
    start: () => undefined,
    close: () => undefined,
  };
}

/** Updates where this host does not update itself (browser mode, tests): always `disabled`. */
export function disabledUpdates(reason: string): Updates {
  const status: UpdateStatus = { state: 'disabled', reason };
  return {
    status: () => status,
    check: async () => status,
    download: async () => status,
    install: async () => status,
    onChange: () => () => undefined,
  };
}
