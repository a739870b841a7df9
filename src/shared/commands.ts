import { z } from 'zod';

// The app's main actions, once: the application menu, keyboard shortcuts and the command palette
// all read this list, so a shortcut shown in a menu is the one that works everywhere.

export const commandIds = [
  'palette',
  'new-post',
  'import',
  'run-ai-job',
  'search',
  'insert-snippet',
  'schedule-post',
  'open-calendar',
  'go-library',
  'go-studio',
  'go-planner',
  'go-sync',
  'go-settings',
  'toggle-theme',
  'sync-now',
  'export-diagnostics',
  'check-updates',
] as const;
export const CommandId = z.enum(commandIds);
export type CommandId = z.infer<typeof CommandId>;

export interface CommandInfo {
  id: CommandId;
  /** As shown in menus and the palette. */
  label: string;
  /** Electron accelerator syntax ("CmdOrCtrl+K"); the renderer matches keys with `commandForKey`. */
  accelerator?: string;
  /** Words the palette also matches. */
  keywords?: string[];
}

export const commands: readonly CommandInfo[] = [
  { id: 'palette', label: 'Command palette…', accelerator: 'CmdOrCtrl+K', keywords: ['commands', 'actions'] },
  {
    id: 'new-post',
    label: 'New post',
    accelerator: 'CmdOrCtrl+N',
    keywords: ['planner', 'draft', 'write', 'compose', 'create', 'schedule', 'caption'],
  },
  {
    id: 'import',
    label: 'Import media…',
    accelerator: 'CmdOrCtrl+I',
    keywords: ['library', 'files', 'add', 'upload', 'photos', 'videos', 'images'],
  },
  {
    id: 'run-ai-job',
    label: 'Run AI job…',
    accelerator: 'CmdOrCtrl+G',
    keywords: ['studio', 'generate', 'ai', 'image', 'prompt', 'create'],
  },
  { id: 'search', label: 'Search', accelerator: 'CmdOrCtrl+F', keywords: ['find', 'library', 'filter', 'look'] },
  {
    id: 'insert-snippet',
    label: 'Insert snippet…',
    keywords: ['hashtags', 'signature', 'call to action', 'cta', 'text', 'post'],
  },
  {
    id: 'schedule-post',
    label: 'Schedule post…',
    keywords: ['plan', 'publish', 'later', 'time', 'date', 'when', 'queue', 'draft'],
  },
  { id: 'open-calendar', label: 'Open calendar', keywords: ['schedule', 'planner', 'month', 'week', 'agenda'] },
  {
    id: 'go-library',
    label: 'Go to Library',
    accelerator: 'CmdOrCtrl+1',
    keywords: ['media', 'assets', 'photos', 'videos', 'files'],
  },
  { id: 'go-studio', label: 'Go to AI Studio', accelerator: 'CmdOrCtrl+2', keywords: ['gallery', 'results'] },
  {
    id: 'go-planner',
    label: 'Go to Planner',
    accelerator: 'CmdOrCtrl+3',
    keywords: ['calendar', 'posts', 'schedule', 'content'],
  },
  { id: 'go-sync', label: 'Go to Sync', accelerator: 'CmdOrCtrl+4', keywords: ['conflicts', 'outbox', 'offline'] },
  {
    id: 'go-settings',
    label: 'Go to Settings',
    accelerator: 'CmdOrCtrl+5',
    keywords: ['preferences', 'account', 'options', 'configure'],
  },
  {
    id: 'toggle-theme',
    label: 'Switch light/dark theme',
    accelerator: 'CmdOrCtrl+Shift+L',
    keywords: ['dark mode', 'appearance', 'colours', 'colors', 'night'],
  },
  { id: 'sync-now', label: 'Sync now', keywords: ['upload', 'platform', 'refresh', 'send'] },
  { id: 'export-diagnostics', label: 'Export diagnostics…', keywords: ['support', 'logs', 'bug', 'report', 'problem'] },
  { id: 'check-updates', label: 'Check for updates…', keywords: ['version', 'upgrade'] },
];

export function commandInfo(id: CommandId): CommandInfo {
  return commands.find((c) => c.id === id) as CommandInfo;
}

/** A key press in the page, as far as shortcuts care. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The command whose accelerator this key press is ("CmdOrCtrl" is ⌘ on macOS, Ctrl elsewhere). */
export function commandForKey(e: KeyPress, isMac: boolean): CommandId | null {
  for (const c of commands) {
    if (!c.accelerator) continue;
    const parts = c.accelerator.split('+');
    const key = parts.pop() as string;
    const wantShift = parts.includes('Shift');
    const wantAlt = parts.includes('Alt');
    const wantCmd = parts.includes('CmdOrCtrl');
    const cmd = isMac ? e.metaKey : e.ctrlKey;
    const other = isMac ? e.ctrlKey : e.metaKey;
    if (cmd !== wantCmd || other || e.shiftKey !== wantShift || e.altKey !== wantAlt) continue;
    if (e.key.toLowerCase() === key.toLowerCase()) return c.id;
  }
  return null;
}

/** How an accelerator reads on this system ("⌘K" on macOS, "Ctrl+K" elsewhere). */
export function acceleratorLabel(accelerator: string, isMac: boolean): string {
  const parts = accelerator
    .split('+')
    .map((p) =>
      p === 'CmdOrCtrl' ? (isMac ? '⌘' : 'Ctrl') : isMac && p === 'Shift' ? '⇧' : isMac && p === 'Alt' ? '⌥' : p,
    );
  return isMac ? parts.join('') : parts.join('+');
}
