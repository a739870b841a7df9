import type { BackupReason, DamageView, GroupChanges, LostChange, RestorePreview } from '../../shared/backups';
import { groupLabels, groupNouns, plural } from '../sync/format';

/** Why a backup was taken, as the list shows it. */
export const reasonLabels: Record<BackupReason, string> = {
  daily: 'Daily',
  manual: 'Backed up by you',
  migration: 'Before the database was updated',
  update: 'Before a new version installed',
};

/** "Posts: 2 created, 1 changed" — one line per group with changes. */
export function changeLines(changes: GroupChanges[]): string[] {
  return changes.map((c) => {
    const parts = [
      c.created && `${c.created} created`,
      c.changed && `${c.changed} changed`,
      c.deleted && `${c.deleted} deleted`,
    ].filter(Boolean);
    return `${groupLabels[c.group]}: ${parts.join(', ')}`;
  });
}

const opWords: Record<LostChange['op'], string> = { create: 'new', update: 'changed', delete: 'deleted' };

/** 'Post "Summer sale" (new, never sent)'. */
export function lostLine(c: LostChange): string {
  const noun = groupNouns[c.group].replace(/s$/, '');
  const sent = c.maybeSent ? 'sent, but the platform never confirmed it' : 'never sent';
  return `${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)} “${c.label}” (${opWords[c.op]}, ${sent})`;
}

/** The sentence above the lists: how much a restore loses, in one line. */
export function lossSummary(preview: RestorePreview): string {
  if (preview.unreadable)
    return (
      'The current database cannot be read, so Atelier cannot tell what changed since this backup: ' +
      'everything since then may be lost.'
    );
  const total = preview.changes.reduce((n, c) => n + c.created + c.changed + c.deleted, 0);
  if (total === 0 && preview.unsent.length === 0)
    return 'Nothing has changed since this backup: restoring it loses nothing.';
  const unsent = preview.unsent.length
    ? ` ${plural(preview.unsent.length, 'change')} never reached the platform and will be lost for good.`
    : '';
  return `${plural(total, 'record')} changed since this backup.${unsent}`;
}

/** The recovery screen's title for what was found. */
export function damageTitle(damage: DamageView): string {
  if (damage.kind === 'newer') return 'This database is from a newer version of Atelier';
  if (damage.kind === 'diverged') return 'This database is from another version of Atelier';
  return "Atelier's database is damaged";
}
