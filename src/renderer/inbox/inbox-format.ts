import type { InboxAction, InboxKind } from '../../shared/inbox';

/** Each kind's glyph and its name in words: the glyph is decoration, the words say what it is. */
export const kindInfo: Record<InboxKind, { glyph: string; words: string }> = {
  conflict: { glyph: '⇄', words: 'Sync conflict' },
  failed_change: { glyph: '⚠', words: 'Refused change' },
  mass_delete: { glyph: '🗑', words: 'Delete question' },
  ai_failed: { glyph: '✕', words: 'AI job failed' },
  ai_finished: { glyph: '✓', words: 'AI job finished' },
  fix_failed: { glyph: '✕', words: 'Media fix failed' },
  fix_finished: { glyph: '✓', words: 'Media fix finished' },
  import_finished: { glyph: '⤓', words: 'Import finished' },
  key_warning: { glyph: '🔑', words: 'API key' },
  session_ended: { glyph: '⏻', words: 'Session ended' },
  reminder: { glyph: '⏰', words: 'Reminder' },
};

/** The words on an action's button. */
export function actionLabel(action: InboxAction): string {
  switch (action.kind) {
    case 'resolve':
      return 'Resolve…';
    case 'retry_change':
    case 'retry_job':
      return 'Retry';
    case 'answer':
      return 'Answer…';
    case 'sign_in':
      return 'Sign in…';
    default:
      return 'Open';
  }
}

/** "just now", "5 min ago", "3 h ago", then the date: how long ago, in words, as lists of events say it. */
export function agoWords(at: string, now: number): string {
  const ms = now - Date.parse(at);
  if (!Number.isFinite(ms)) return '';
  if (ms < 60_000) return 'just now';
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ago`;
  if (ms < 86_400_000) return `${Math.floor(ms / 3_600_000)} h ago`;
  return new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The next row the arrow keys, Home and End move to (null: the key is not a move). */
export function nextIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
