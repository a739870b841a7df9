import { isNetworkId } from '../../../shared/channels';
import type { NamedChannel } from '../../../shared/targets';
import type { HandlerMap } from '../../../shared/contract';
import type { Workspace } from '../store/workspace';
import type { CoreModule, Kernel } from '../compose';
import { Channels, type PlacedItem } from './channels';
import { ChannelsSql } from './channels-sql';

type ChannelChannels = Pick<
  HandlerMap,
  'channels.list' | 'channels.create' | 'channels.update' | 'channels.remove' | 'channels.slots' | 'channels.nextSlot'
>;

export interface ChannelsModuleDeps extends Pick<Kernel, 'db' | 'now' | 'push' | 'bus' | 'deps'> {
  workspace: Pick<Workspace, 'account'>;
  /** Live scheduled posts and queue items of the account with an instant in [fromMs, toMs). */
  scheduledBetween(fromMs: number, toMs: number): PlacedItem[];
  /** Channels the account's posts and queue items name (targets, then old labels). */
  namedChannels(): NamedChannel[];
}

export interface ChannelsModule extends CoreModule {
  channels: Channels;
}

/** Changes arrive in bursts (a pull, an import): one pass after them. */
const ADOPT_DELAY_MS = 1_000;
/** The first pass after start, once the first screens have what they need. */
const START_ADOPT_DELAY_MS = 5_000;

/** The creator's channels (local records) and their posting slots. */
export function createChannels(d: ChannelsModuleDeps): ChannelsModule {
  const channels = new Channels({
    sql: new ChannelsSql(d.db),
    account: () => d.workspace.account(),
    now: d.now,
    scheduledBetween: d.scheduledBetween,
    knownNetwork: isNetworkId,
    namedChannels: d.namedChannels,
  });
  const changed = () => d.push.emit('channels.changed', {});
  // Posts written before channels, or pulled from another computer, may name channels this one lacks.
  const adopt = () => {
    try {
      if (channels.adoptNamed() > 0) changed();
    } catch (e) {
      d.deps.logger.warn('channels named by posts could not be made', { error: e });
    }
  };
  let pending: { timer: ReturnType<typeof setTimeout>; due: number } | null = null;
  // One pass at a time: a request for an earlier pass moves the waiting one forward.
  const adoptSoon = (delayMs = ADOPT_DELAY_MS) => {
    const due = Date.now() + delayMs;
    if (pending && pending.due <= due) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      pending = null;
      adopt();
    }, delayMs);
    timer.unref?.();
    pending = { timer, due };
  };
  const offs = [
    d.bus.on('records.changed', ({ group }) => (group === 'posts' || group === 'mediaQueue') && adoptSoon()),
    d.bus.on('session.changed', () => adoptSoon()),
  ];
  const handlers: ChannelChannels = {
    'channels.list': () => channels.list(),
    'channels.create': ({ fields }) => {
      const made = channels.create(fields);
      changed();
      return made;
    },
    'channels.update': ({ id, fields }) => {
      const saved = channels.update(id, fields);
      changed();
      return saved;
    },
    'channels.remove': ({ id }) => {
      channels.remove(id);
      changed();
      return {};
    },
    'channels.slots': ({ from, to, zone, channelId }) =>
      channels.slots(Date.parse(from), Date.parse(to), zone, channelId),
    'channels.nextSlot': ({ channelId, zone, after, excludeId }) =>
      channels.nextSlot(channelId, zone, after === undefined ? undefined : Date.parse(after), excludeId),
  };
  return {
    name: 'channels',
    channels,
    handlers,
    // Not during start: it reads every post, and the library's first page comes first.
    start: () => adoptSoon(START_ADOPT_DELAY_MS),
    close: () => {
      for (const off of offs) off();
      if (pending) clearTimeout(pending.timer);
    },
  };
}
