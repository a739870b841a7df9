import { createCore } from '../app';
import { damageOf } from '../db/damage';
import type { Dispatch } from '../dispatch';
import { RendererPush } from '../event-bus';
import type { CoreDeps } from '../ports';
import { createRecoveryCore, type HostedCore } from './recovery-core';

/** The full core, or the recovery screen's core when the database turns out to be damaged. */
export function openOrRecover(deps: CoreDeps): HostedCore {
  try {
    const core = createCore(deps);
    return {
      dispatch: core.dispatch,
      events: core.events,
      media: core.media,
      full: core,
      start: () => core.start(),
      resume: () => core.resume(),
      close: () => core.close(),
      backupBeforeUpdate: async () => {
        if (!core.damage.current()) await core.backups.take('update');
      },
    };
  } catch (e) {
    const found = damageOf(e);
    if (!found) throw e;
    return createRecoveryCore(deps, found);
  }
}

/** What hosts hold: stable across a restore, which swaps the core behind it. */
export interface CoreHost extends Omit<HostedCore, 'full'> {
  /** The core running now (the full one, or null on the recovery screen). */
  full(): HostedCore['full'];
}

/**
 * Open the core for a host. Its dispatch, events and media stay the same objects while a restore
 * or rescue replaces the core behind them: in-process by default (browser mode, tests), or by the
 * host's own `restart` (the desktop app relaunches).
 */
export function openCoreHost(deps: CoreDeps): CoreHost {
  const events = new RendererPush(deps.logger);
  let detach: () => void = () => undefined;
  const hostDeps: CoreDeps = {
    ...deps,
    restart:
      deps.restart ??
      (async () => {
        current = boot();
        await current.start();
      }),
  };
  const boot = (): HostedCore => {
    detach();
    const next = openOrRecover(hostDeps);
    detach = next.events.subscribe((event, payload) => events.emit(event, payload));
    return next;
  };
  let current = boot();
  const dispatch: Dispatch = (channel, raw) => current.dispatch(channel, raw);
  return {
    dispatch,
    events,
    media: { blobPath: (sha) => current.media.blobPath(sha), uploadsDir: current.media.uploadsDir },
    full: () => current.full,
    start: () => current.start(),
    resume: () => current.resume(),
    close: () => current.close(),
    backupBeforeUpdate: () => current.backupBeforeUpdate(),
  };
}
