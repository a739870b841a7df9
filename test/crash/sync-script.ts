/**
 * The changes the sync crash test makes, derived from a seed so the test process and every core
 * process agree on them and on the state they must end in.
 */

import { prng } from '../support/prng';

export { prng };

export const RECORDS_PER_GROUP = 250;
export const EDITS_PER_ROUND = 10;

export type Group = 'posts' | 'assets';

export interface Planned {
  group: Group;
  /** Our own stable key, stored as a field, to find the record on both sides. */
  key: string;
  /** The field a round changes: text for posts, name for assets. */
  value: string;
  deleted: boolean;
}

export interface Edit {
  key: string;
  group: Group;
  kind: 'update' | 'delete';
  value: string;
}

export function initialRecords(seed: number): Planned[] {
  const out: Planned[] = [];
  for (let i = 0; i < RECORDS_PER_GROUP; i++) {
    out.push({ group: 'posts', key: `s${seed}-p${i}`, value: `post ${i} of seed ${seed}`, deleted: false });
    out.push({ group: 'assets', key: `s${seed}-a${i}`, value: `asset-${i}-s${seed}.png`, deleted: false });
  }
  return out;
}

/** The edits of one round, given the state before it (which they advance). */
export function roundEdits(seed: number, round: number, state: Map<string, Planned>): Edit[] {
  const random = prng(seed * 1000 + round);
  const live = [...state.values()].filter((p) => !p.deleted);
  const edits: Edit[] = [];
  for (let k = 0; k < EDITS_PER_ROUND && live.length > 0; k++) {
    const target = live[Math.floor(random() * live.length)] as Planned;
    if (target.deleted) continue;
    const kind = random() < 0.15 ? 'delete' : 'update';
    const value =
      target.group === 'posts'
        ? `post ${target.key} round ${round} edit ${k}`
        : `asset-${target.key}-r${round}-e${k}.png`;
    edits.push({ key: target.key, group: target.group, kind, value });
    if (kind === 'delete') target.deleted = true;
    else target.value = value;
  }
  return edits;
}

/** The state every side must reach after `rounds` rounds. */
export function expectedState(seed: number, rounds: number): Map<string, Planned> {
  const state = new Map(initialRecords(seed).map((p) => [p.key, p]));
  for (let r = 0; r < rounds; r++) roundEdits(seed, r, state);
  return state;
}
