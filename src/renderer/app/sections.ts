import type { Settings } from '../../shared/settings';

export type SectionId = Settings['lastSection'];

export interface SectionInfo {
  id: SectionId;
  label: string;
}

/**
 * The app's main sections, in navigation order; their go-to commands (Ctrl/Cmd+1…5) switch between them (the
 * Inbox has none: it is one click away, with its unread count).
 */
export const sections: SectionInfo[] = [
  { id: 'library', label: 'Library' },
  { id: 'studio', label: 'AI Studio' },
  { id: 'planner', label: 'Planner' },
  { id: 'sync', label: 'Sync' },
  { id: 'inbox', label: 'Inbox' },
  { id: 'settings', label: 'Settings' },
];
