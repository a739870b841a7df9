import type { HandlerMap } from '../../../shared/contract';
import type { CoreModule, Kernel } from '../compose';
import type { EventName } from '../../../shared/events';
import { Inbox } from './inbox';
import { InboxSql } from './inbox-sql';
import type { FinishedImport, InboxSources } from './sources';

/** What the inbox reads from the domains before it; imports are heard on the bus (they have no log of their own). */
export interface InboxModuleDeps extends Pick<Kernel, 'db' | 'now' | 'bus' | 'push' | 'logger'> {
  sources: Omit<InboxSources, 'imports'>;
  account(): string;
  /** How long changes are gathered before one `inbox.changed` (ms). */
  coalesceMs?: number;
  /** How often the list is looked at anyway (reminders come due without an event), ms; 0: never. */
  pollMs?: number;
}

export interface InboxModule extends CoreModule {
  inbox: Inbox;
  /** Look again now and tell the screens if the counts changed (tests, and the coalesced triggers). */
  refresh(): Promise<void>;
}

const KEPT_IMPORTS = 20;
/** Push events after which an item may have come or gone. */
const TRIGGERS: readonly EventName[] = ['sync.changed', 'ai.changed', 'media.fixChanged', 'session.changed'];

type InboxChannels = Pick<HandlerMap, 'inbox.list' | 'inbox.markRead'>;

/** The inbox: what happened, from where it lives; read marks are its only state. */
export function createInbox(d: InboxModuleDeps): InboxModule {
  const imports: FinishedImport[] = [];
  const inbox = new Inbox({
    sql: new InboxSql(d.db),
    sources: { ...d.sources, imports: () => imports },
    account: d.account,
    now: d.now,
  });
  let last = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let closed = false;
  const unsubscribe: (() => void)[] = [];

  const refresh = async (): Promise<void> => {
    if (closed) return;
    const counts = await inbox.counts();
    const key = `${counts.total}/${counts.unread}`;
    if (key === last) return;
    last = key;
    d.push.emit('inbox.changed', counts);
  };
  const later = (): void => {
    if (closed || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      refresh().catch((e: unknown) => d.logger.warn('could not look at the inbox', { error: e }));
    }, d.coalesceMs ?? 500);
    timer.unref?.();
  };
  const handlers: InboxChannels = {
    'inbox.list': ({ limit }) => inbox.list(limit),
    'inbox.markRead': async (input) => {
      const counts = await inbox.markRead(input);
      later();
      return counts;
    },
  };
  return {
    name: 'inbox',
    inbox,
    refresh,
    handlers,
    start: () => {
      unsubscribe.push(
        d.push.subscribe((event) => {
          if (TRIGGERS.includes(event)) later();
        }),
        d.bus.on('library.imported', ({ assets }) => {
          if (assets.length === 0) return;
          imports.unshift({ at: d.now(), assets: assets.map((a) => ({ id: a.id, name: a.name })) });
          imports.splice(KEPT_IMPORTS);
          later();
        }),
      );
      const every = d.pollMs ?? 60_000;
      if (every > 0) {
        poll = setInterval(later, every);
        poll.unref?.();
      }
      later();
    },
    close: () => {
      closed = true;
      for (const off of unsubscribe.splice(0)) off();
      if (timer !== null) clearTimeout(timer);
      if (poll !== null) clearInterval(poll);
    },
  };
}
