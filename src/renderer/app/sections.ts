import type { Settings } from '../../shared/settings';

export type SectionId = Settings['lastSection'];

export interface SectionInfo {
  id: SectionId;
  label: string;
  shortcut: string;
}

/** The app's main sections, in navigation order; Ctrl/Cmd+1…5 switch between them. */
export const sections: SectionInfo[] = [
  { id: 'library', label: 'Library', shortcut: '1' },
  { id: 'studio', label: 'AI Studio', shortcut: '2' },
  { id: 'planner', label: 'Planner', shortcut: '3' },
  { id: 'sync', label: 'Sync', shortcut: '4' },
  { id: 'settings', label: 'Settings', shortcut: '5' },
];
