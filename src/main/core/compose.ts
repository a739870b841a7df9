import { channelNames, type ChannelName, type HandlerMap } from '../../shared/contract';
import type { DamageState } from './db/damage-state';
import type { Db } from './db/open';
import type { CoreBus, RendererPush } from './event-bus';
import type { BlobStore } from './library/files/blob-store';
import type { MediaTools } from './media/media-tools';
import type { MetaStore } from './meta-store';
import type { CoreDeps, Logger, Notifier } from './ports';

/**
 * One domain of the core as `createCore` composes it: the channels it answers, what it starts once
 * the core runs, and what it stops when the core closes. Each domain's `createX(deps)` takes a typed
 * interface naming what it needs from the others.
 */
export interface CoreModule {
  /** The domain's name, for errors and logs. */
  name: string;
  handlers: Partial<HandlerMap>;
  start(): void | Promise<void>;
  close(): void | Promise<void>;
}

/** The one handler map the contract derives; a channel answered twice, or by nobody, is a wiring error. */
export function mergeHandlers(modules: readonly CoreModule[]): HandlerMap {
  const owner = new Map<string, string>();
  const merged: Partial<Record<ChannelName, unknown>> = {};
  for (const module of modules) {
    for (const [channel, handler] of Object.entries(module.handlers)) {
      const first = owner.get(channel);
      if (first) throw new Error(`The channel ${channel} has two handlers: in ${first} and in ${module.name}.`);
      owner.set(channel, module.name);
      merged[channel as ChannelName] = handler;
    }
  }
  const missing = channelNames.filter((c) => !owner.has(c));
  if (missing.length > 0) throw new Error(`No module answers ${missing.join(', ')}.`);
  return merged as HandlerMap;
}

/**
 * Start the modules in order. Once the database is found damaged (a start met it, or it tripped
 * meanwhile) nothing more starts: the recovery screen explains; any other failure is thrown.
 */
export async function startAll(
  modules: readonly CoreModule[],
  isDamage: (e: unknown) => boolean,
  damaged: () => boolean,
): Promise<void> {
  for (const module of modules) {
    if (damaged()) return;
    try {
      await module.start();
    } catch (e) {
      if (!isDamage(e)) throw e;
      return;
    }
  }
}

/**
 * Close the modules in reverse order; one that fails is logged and the others still close. Throws the first failure
 * after.
 */
export async function closeAll(modules: readonly CoreModule[], logger: Logger): Promise<void> {
  let failure: { error: unknown } | null = null;
  for (const module of [...modules].reverse()) {
    try {
      await module.close();
    } catch (e) {
      logger.error('a part of the core failed to close', { module: module.name, error: e });
      failure ??= { error: e };
    }
  }
  if (failure) throw failure.error;
}

/** What every domain may take from the composition root: the host's ports and the shared plumbing. */
export interface Kernel {
  deps: CoreDeps;
  db: Db;
  meta: MetaStore;
  now: () => number;
  logger: Logger;
  /** Whether the database was found damaged; a domain stops its writers when it trips. */
  damage: DamageState;
  /** The core's own typed events, between domains. */
  bus: CoreBus;
  /** The contract's push events, to the renderer. */
  push: RendererPush;
  /** Notifications (browser mode shows them in the page too). */
  notifier: Notifier;
  files: MediaFiles;
}

/** The content-addressed media files and who keeps them (library media, AI inputs and results, backups). */
export interface MediaFiles {
  blobs: BlobStore;
  uploadsDir: string;
  tools: () => Promise<MediaTools>;
  /** Whether anything registered with `keep` still needs a file (then nobody removes it). */
  keptElsewhere(sha: string): boolean;
  keep(keeper: (sha: string) => boolean): void;
}

export function mediaFiles(blobs: BlobStore, uploadsDir: string, tools: () => Promise<MediaTools>): MediaFiles {
  const keepers: ((sha: string) => boolean)[] = [];
  return {
    blobs,
    uploadsDir,
    tools,
    keptElsewhere: (sha) => keepers.some((keeps) => keeps(sha)),
    keep: (keeper) => void keepers.push(keeper),
  };
}
