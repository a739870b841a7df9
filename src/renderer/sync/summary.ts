import type { SyncStatus } from '../../shared/sync';
import { plural } from './format';

/** The kind of state, for the glyph beside the words (never the only signal). */
export type SummaryTone = 'ok' | 'busy' | 'warn' | 'paused' | 'waiting' | 'off';

/** The one-line sync state for the status bar, in words. */
export function syncSummary(s: SyncStatus): { text: string; tone: SummaryTone } {
  const { pending, failed, conflicts } = s.totals;
  const attention = [failed > 0 ? `${failed} failed` : '', conflicts > 0 ? plural(conflicts, 'conflict') : '']
    .filter(Boolean)
    .join(' · ');
  const waiting = pending > 0 ? `${plural(pending, 'change')} waiting` : '';
  const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');
  switch (s.phase) {
    case 'syncing':
      return {
        text: join(
          s.progress && s.progress.total > 0 ? `Syncing ${s.progress.done}/${s.progress.total}` : 'Syncing…',
          attention,
        ),
        tone: 'busy',
      };
    case 'offline':
      return { text: join(waiting ? `Offline — ${waiting}` : 'Offline', attention), tone: 'warn' };
    case 'paused_auth':
      return {
        text: join(`Sync paused — ${s.message && !/sign in/i.test(s.message) ? 'see Settings' : 'sign in'}`, attention),
        tone: 'warn',
      };
    case 'paused_user':
      return { text: join(waiting ? `Sync paused — ${waiting}` : 'Sync paused', attention), tone: 'paused' };
    case 'no_account':
      return { text: 'Not syncing — no account', tone: 'off' };
    case 'idle':
      if (attention) return { text: join(attention, waiting), tone: 'warn' };
      if (waiting) return { text: waiting, tone: 'waiting' };
      return { text: 'Synced', tone: 'ok' };
  }
}

/** Keep the newer of the status shown and one that arrives (an action's answer can be older than an event). */
export function newerStatus(shown: SyncStatus | undefined, arrived: SyncStatus): SyncStatus {
  return shown && shown.revision > arrived.revision ? shown : arrived;
}
