import { z } from 'zod';
import {
  ChannelFields,
  ChannelIdInput,
  guessNetwork,
  NETWORK_COLOURS,
  type ChannelPatch,
  WeeklySlot,
  type Channel,
  type NextSlot,
  type SlotView,
} from '../../../shared/channels';
import { ChannelNetwork, NetworkId, UserRulesSchema } from '../../../shared/networks';
import type { Target } from '../../../shared/preflight';
import { targetsOf, type NamedChannel, type TargetView } from '../../../shared/targets';
import { AppException, fail, issuesOf } from '../errors';
import { newId } from '../store/ids';
import { LOCAL_ACCOUNT } from '../store/workspace';
import type { ChannelRow, ChannelsSql, ChannelWrite } from './channels-sql';
import { nextFreeSlot, SLOT_TAKEN_MS, slotInstants, takes } from './slots';

/** A scheduled post or queue item as the channels see it. */
export interface PlacedItem {
  group: 'posts' | 'mediaQueue';
  id: string;
  ms: number;
  fields: Record<string, unknown>;
}

export interface ChannelsDeps {
  sql: ChannelsSql;
  account(): string;
  now(): number;
  /** Live scheduled posts and queue items with an instant in [fromMs, toMs). */
  scheduledBetween(fromMs: number, toMs: number): PlacedItem[];
  /** Whether a network id is one the rules know (or `other`). */
  knownNetwork(id: string): boolean;
  /** Channels the account's posts and queue items name (targets, then old labels). */
  namedChannels(): NamedChannel[];
}

const storedSlots = z.array(WeeklySlot).catch([]);
const storedRules = z.record(z.string(), z.unknown()).nullable().catch(null);

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    network: row.network,
    name: row.name,
    handle: row.handle,
    colour: row.colour,
    avatarAssetId: row.avatar_asset_id,
    // A damaged JSON value reads as none rather than hiding the channel.
    slots: storedSlots.parse(parseJson(row.slots)),
    rules: storedRules.parse(parseJson(row.rules)),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Whether a post or queue item goes to a channel: one of its targets names the channel's id, or its
 * name in any case (a target written on another computer, where the channel has another id; an item
 * with only its old `channel` label).
 */
export function isOnChannel(fields: Record<string, unknown>, channel: Pick<Channel, 'id' | 'name'>): boolean {
  const name = channel.name.trim().toLowerCase();
  return targetsOf(fields).some((t) => t.channelId === channel.id || t.name.toLowerCase() === name);
}

/** The creator's channels: their records, their weekly slots, and which slots posts take. */
export class Channels {
  constructor(private readonly deps: ChannelsDeps) {}

  private account(): string {
    const account = this.deps.account();
    if (account !== LOCAL_ACCOUNT) this.deps.sql.adopt(LOCAL_ACCOUNT, account);
    return account;
  }

  list(): Channel[] {
    return this.deps.sql.list(this.account()).map(toChannel);
  }

  get(id: string): Channel {
    const row = this.deps.sql.get(this.account(), id);
    if (!row || row.deleted) fail('not_found', 'This channel no longer exists.');
    return toChannel(row);
  }

  /** The live channel with this name (any case), if there is one. */
  named(name: string): Channel | undefined {
    const row = this.deps.sql.named(this.account(), name.trim(), null);
    return row ? toChannel(row) : undefined;
  }

  create(input: z.input<typeof ChannelFields>): Channel {
    const fields = parseFields(input);
    const account = this.account();
    this.check(account, fields, null);
    const at = this.deps.now();
    const row: ChannelWrite = {
      id: newId(),
      account_id: account,
      ...this.columns(fields),
      created_at: at,
      updated_at: at,
    };
    this.deps.sql.insert(row);
    return this.get(row.id);
  }

  update(id: string, patch: z.output<typeof ChannelPatch>): Channel {
    const account = this.account();
    const row = this.deps.sql.get(account, id);
    if (!row || row.deleted) fail('not_found', 'This channel no longer exists.');
    const { network, name, handle, colour, avatarAssetId, slots, rules } = toChannel(row);
    const fields = parseFields({ network, name, handle, colour, avatarAssetId, slots, rules, ...patch });
    this.check(account, fields, id);
    const at = this.deps.now();
    this.deps.sql.update({ ...row, ...this.columns(fields), updated_at: at });
    // Old posts still name it by its old label: a tombstone of that name keeps it from being made again.
    if (fields.name.toLowerCase() !== name.toLowerCase() && !this.deps.sql.everNamed(account, name, id))
      this.deps.sql.tombstone({ ...row, id: newId(), created_at: at, updated_at: at });
    return this.get(id);
  }

  remove(id: string): void {
    if (!this.deps.sql.remove(this.account(), id, this.deps.now())) fail('not_found', 'This channel no longer exists.');
  }

  /**
   * Channels from a workspace export, each with its own id (posts name them by it): one this workspace
   * already has (same id or name) is left as it is. A damaged one refuses the whole restore, in words.
   * Returns how many were made.
   */
  restore(list: Channel[]): number {
    const account = this.account();
    let made = 0;
    for (const c of list) {
      const { network, name, handle, colour, avatarAssetId, slots, rules } = c;
      let fields: ChannelFields;
      try {
        fields = parseFields({ network, name, handle, colour, avatarAssetId, slots, rules });
        this.checkFields(fields);
      } catch (e) {
        const issues = e instanceof AppException ? e.error.issues : undefined;
        return fail('validation', `The channel “${name}” in the export is damaged, so nothing was restored.`, {
          ...(issues && { issues }),
        });
      }
      if (this.deps.sql.get(account, c.id) || this.deps.sql.named(account, name, null)) continue;
      const created = Date.parse(c.createdAt);
      const updated = Date.parse(c.updatedAt);
      const now = this.deps.now();
      this.deps.sql.insert({
        id: c.id,
        account_id: account,
        ...this.columns(fields),
        created_at: Number.isFinite(created) ? created : now,
        updated_at: Number.isFinite(updated) ? updated : now,
      });
      made += 1;
    }
    return made;
  }

  /**
   * The rules a post's target follows: its channel's network (found by id, else by name), else the
   * network the target carries, else one guessed from its label; a channel of type Other follows its own
   * rules, and none when it has none (null).
   */
  rulesOf(target: TargetView): Target | null {
    const account = this.account();
    const row =
      (target.channelId === null ? undefined : this.deps.sql.get(account, target.channelId)) ??
      this.deps.sql.named(account, target.name, null);
    if (row?.network === 'other') {
      const rules = UserRulesSchema.safeParse(parseJson(row.rules));
      return rules.success ? rules.data : null;
    }
    const network = NetworkId.safeParse(row?.network ?? target.network ?? guessNetwork(target.name));
    return network.success ? network.data : null;
  }

  /**
   * A channel for each one posts name that this computer never had: the old free-text labels (their
   * network guessed from the words) and targets written on another computer. Returns how many were made.
   */
  adoptNamed(): number {
    const account = this.account();
    let made = 0;
    for (const named of this.deps.namedChannels()) {
      const name = named.name.trim().slice(0, 100);
      // A channel posts name by an id this computer has (renamed since, or deleted) is not made again.
      if (named.id !== null && this.deps.sql.hasId(named.id)) continue;
      if (name === '' || this.deps.sql.everNamed(account, name)) continue;
      const stated = ChannelNetwork.safeParse(named.network);
      const network = stated.success ? stated.data : guessNetwork(name);
      const fields = ChannelFields.safeParse({
        network,
        name,
        handle: named.handle.slice(0, 200),
        colour: NETWORK_COLOURS[network],
      });
      if (!fields.success) continue;
      const at = this.deps.now();
      this.deps.sql.insert({
        // The id the posts give it (another computer's), so they name this channel as they are.
        id: named.id !== null && ChannelIdInput.shape.id.safeParse(named.id).success ? named.id : newId(),
        account_id: account,
        ...this.columns(fields.data),
        created_at: at,
        updated_at: at,
      });
      made += 1;
    }
    return made;
  }

  /** Every slot of the channels (or one) in [fromMs, toMs) in `zone`, with the item taking it. */
  slots(fromMs: number, toMs: number, zone: string, channelId?: string): SlotView[] {
    const channels = channelId === undefined ? this.list() : [this.get(channelId)];
    const items = this.deps.scheduledBetween(fromMs - SLOT_TAKEN_MS, toMs + SLOT_TAKEN_MS);
    const out: SlotView[] = [];
    for (const channel of channels) {
      const mine = items.filter((i) => isOnChannel(i.fields, channel));
      for (const at of slotInstants(channel.slots, zoneOrFail(zone), fromMs, toMs)) {
        const taker = mine.find((i) => takes(i.ms, at));
        out.push({
          channelId: channel.id,
          at: new Date(at).toISOString(),
          takenBy: taker ? { group: taker.group, id: taker.id } : null,
        });
      }
    }
    return out.sort((a, b) => a.at.localeCompare(b.at) || a.channelId.localeCompare(b.channelId));
  }

  /** The channel's next free slot after `afterMs` (now by default), or why there is none. */
  nextSlot(channelId: string, zone: string, afterMs?: number, excludeId?: string): NextSlot {
    const channel = this.get(channelId);
    const within = zoneOrFail(zone);
    if (channel.slots.length === 0)
      return { at: null, reason: `${channel.name} has no posting slots yet; add some in its settings.` };
    const taken = (from: number, to: number) =>
      this.deps
        .scheduledBetween(from, to)
        .filter((i) => i.id !== excludeId && isOnChannel(i.fields, channel))
        .map((i) => i.ms);
    const at = nextFreeSlot(channel.slots, within, afterMs ?? this.deps.now(), taken);
    return at === null
      ? { at: null, reason: `Every slot of ${channel.name} in the next year is taken.` }
      : { at: new Date(at).toISOString(), reason: null };
  }

  private check(account: string, fields: ChannelFields, id: string | null): void {
    this.checkFields(fields);
    if (this.deps.sql.named(account, fields.name, id))
      fail('validation', `There is already a channel named ${fields.name}.`, {
        issues: [{ path: 'name', message: 'Another channel has this name; names tell channels apart.' }],
      });
  }

  /** A known network, and rules that make sense for a channel of type Other. */
  private checkFields(fields: ChannelFields): void {
    if (!this.deps.knownNetwork(fields.network))
      fail('validation', `"${fields.network}" is not a network Atelier knows; choose one from the list or Other.`, {
        issues: [{ path: 'network', message: 'Choose a network from the list, or Other.' }],
      });
    if (fields.network === 'other' && fields.rules !== null) {
      const rules = UserRulesSchema.safeParse(fields.rules);
      if (!rules.success)
        fail('validation', 'The rules of this channel are not right.', {
          issues: issuesOf(rules.error).map((i) => ({ ...i, path: `rules.${i.path}` })),
        });
    }
  }

  private columns(f: ChannelFields): Omit<ChannelWrite, 'id' | 'account_id' | 'created_at' | 'updated_at'> {
    return {
      network: f.network,
      name: f.name,
      handle: f.handle,
      colour: f.colour.toLowerCase(),
      avatar_asset_id: f.avatarAssetId,
      slots: JSON.stringify([...f.slots].sort((a, b) => a.day - b.day || a.time.localeCompare(b.time))),
      // Only a channel of type Other follows its own rules; the others follow their network's.
      rules: f.rules === null || f.network !== 'other' ? null : JSON.stringify(f.rules),
    };
  }
}

/** The fields checked, or a validation error naming each bad one. */
function parseFields(input: unknown): ChannelFields {
  const parsed = ChannelFields.safeParse(input);
  if (!parsed.success)
    fail('validation', "Some of the channel's fields are not right.", { issues: issuesOf(parsed.error) });
  return parsed.data;
}

function zoneOrFail(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return fail('validation', `"${zone}" is not a time zone; use an IANA name such as Europe/Berlin.`);
  }
}
