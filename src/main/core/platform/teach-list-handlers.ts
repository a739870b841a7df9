import type { HandlerMap } from '../../../shared/contract';
import type { ResourceGroup } from '../../../shared/profile';
import type { TeachListInput } from '../../../shared/teach-list';
import type { z } from 'zod';
import { lineDiff } from '../ai/line-diff';
import { fail } from '../errors';
import type { CheckDeps } from './check/check';
import type { LastCheck } from './check/last-check';
import { recheckGroups } from './check/recheck';
import type { Connection } from './connection';
import { teachList, TeachListError, type TaughtList } from './teach-list';

export interface TeachListDeps {
  connection: Pick<Connection, 'target' | 'summaries' | 'profiles' | 'adoptDerived'>;
  check: CheckDeps;
  lastCheck: LastCheck;
  /** Tell the renderer the connection changed (the profile in use did). */
  announce(): Promise<unknown>;
}

type Input = z.output<typeof TeachListInput>;

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Teaching Atelier where a group's records are: preview the profile, then save it, use it and check the lists again.
 */
export function teachListHandlers(
  deps: TeachListDeps,
): Pick<HandlerMap, 'profile.teachListPreview' | 'profile.teachListApply'> {
  const { connection, lastCheck } = deps;
  const derive = async (input: Input) => {
    const target = await connection.target();
    const kept = lastCheck.listAnswer(input.group, target);
    const builtin = connection.summaries().some((p) => p.id === target.profile.id && p.builtin);
    let taught: TaughtList;
    try {
      taught = teachList(target.profile, {
        answer: kept.answer,
        itemsPath: input.itemsPath,
        idPath: input.idPath,
        builtin,
        takenIds: connection.profiles().map((p) => p.id),
      });
    } catch (e) {
      if (e instanceof TeachListError)
        fail('validation', e.message, { issues: [{ path: e.field, message: e.message }] });
      throw e;
    }
    // The taught group first; then every other list the old profile could not read (records are profile-wide).
    const recheck: ResourceGroup[] = [input.group, ...lastCheck.unread().filter((g) => g !== input.group)];
    return { taught, inUse: target.profile, recheck };
  };
  return {
    'profile.teachListPreview': async (input) => {
      const { taught, inUse, recheck } = await derive(input);
      const json = pretty(taught.profile);
      return {
        profileId: taught.profile.id,
        profileName: taught.profile.name,
        copy: taught.copy,
        itemsField: taught.itemsField,
        idField: taught.idField,
        diff: lineDiff(pretty(inUse), json),
        json,
        note: taught.note,
        recheck,
      };
    },
    'profile.teachListApply': async (input) => {
      const { taught, recheck } = await derive(input);
      // Same address: the session stays, so the lists can be asked for again at once.
      await connection.adoptDerived(pretty(taught.profile));
      await deps.announce();
      const lines = await recheckGroups(deps.check, recheck);
      lastCheck.update(lines, await connection.target());
      return { profile: { id: taught.profile.id, name: taught.profile.name }, lines };
    },
  };
}
