import type { Channel } from '../../../shared/channels';
import { emptyUserRules, loadUserRules, NetworkId, type NetworkId as Network } from '../../../shared/networks';
import type { Target } from '../../../shared/preflight';

// A channel of type Other keeps its own rules as stored JSON: they are checked once per rules object (a
// channel re-read from the store is a new object) and, when unreadable, the preview shows no limits.
const userRules = new WeakMap<object, Target>();

/** The network id a channel publishes to, or null for a channel of type Other (or an unknown network). */
export function networkOf(channel: Pick<Channel, 'network'>): Network | null {
  const parsed = NetworkId.safeParse(channel.network);
  return parsed.success ? parsed.data : null;
}

/** The rules the preview cuts and counts with: the network's, or the channel's own for type Other. */
export function targetOf(channel: Pick<Channel, 'network' | 'name' | 'rules'>): Target {
  const network = networkOf(channel);
  if (network) return network;
  const rules = channel.rules;
  if (!rules) return emptyUserRules(channel.name || 'Other');
  const kept = userRules.get(rules);
  if (kept) return kept;
  let target: Target;
  try {
    target = loadUserRules(rules);
  } catch {
    target = emptyUserRules(channel.name || 'Other');
  }
  userRules.set(rules, target);
  return target;
}
