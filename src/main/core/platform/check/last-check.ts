import type { CheckLine, ListAnswer } from '../../../../shared/connection-check';
import { resourceGroups, type ResourceGroup } from '../../../../shared/profile';
import { fail } from '../../errors';
import type { SessionTarget } from '../session';

const groupOf = (lineId: string): ResourceGroup | null => resourceGroups.find((g) => `group.${g}` === lineId) ?? null;
const keyOf = (target: SessionTarget) => JSON.stringify([target.profile, target.baseUrl]);

/**
 * The list answers the last connection check could not read, kept in memory only (masked and
 * bounded, as shown) so the user can point into them. They belong to the profile and address
 * they were judged with: once either changes, the check must run again.
 */
export class LastCheck {
  private key: string | null = null;
  private readonly answers = new Map<ResourceGroup, ListAnswer>();

  /** A whole check ran: forget what the one before kept. */
  remember(lines: readonly CheckLine[], target: SessionTarget): void {
    this.answers.clear();
    this.update(lines, target);
  }

  /** Some groups were checked again with the target now in use (after teaching). */
  update(lines: readonly CheckLine[], target: SessionTarget): void {
    this.key = keyOf(target);
    for (const l of lines) {
      const group = groupOf(l.id);
      if (!group) continue;
      if (l.listAnswer) this.answers.set(group, l.listAnswer);
      else this.answers.delete(group);
    }
  }

  /** The answer kept for a group; fails with words when there is none or it is out of date. */
  listAnswer(group: ResourceGroup, inUse: SessionTarget): ListAnswer {
    const kept = this.answers.get(group);
    if (!kept)
      fail('not_found', 'There is no list answer to teach from for this group.', {
        hint: 'Run the connection check, then teach from a group line that failed.',
      });
    if (this.key !== keyOf(inUse))
      fail('conflict', 'The profile or the platform address changed since the check ran.', {
        hint: 'Run the connection check again, then teach from its answer.',
      });
    return kept;
  }

  /** The groups whose list the profile could not read, in the checklist's order. */
  unread(): ResourceGroup[] {
    return resourceGroups.filter((g) => this.answers.has(g));
  }
}
