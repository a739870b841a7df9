import type { CommandId } from '../../shared/commands';
import type { Settings } from '../../shared/settings';
import type { PlannerTab } from '../planner/tabs';
import type { SectionId } from './sections';

/** Work a section does once it is on screen (it registers for it with `useTask`). */
export type Task = 'new-post' | 'import' | 'ai-form' | 'search';

/** What carrying out a command means, decided without touching the page. */
export type CommandAction =
  | { kind: 'palette' }
  /** Show a section; then, optionally, a task there or focus an element (by test id) once it appears. */
  | { kind: 'go'; section: SectionId; task?: Task; focusTestId?: string }
  /** A task in the section on screen. */
  | { kind: 'task'; task: Task }
  | { kind: 'theme'; theme: 'light' | 'dark' }
  | { kind: 'sync-now' }
  /** The palette's list of snippets, to insert one into the text that had the keyboard. */
  | { kind: 'snippets' }
  /** A planner tab, with one of its records opened (null: the tab alone). */
  | { kind: 'planner'; tab: PlannerTab; id: string | null };

export interface CommandContext {
  /** The theme setting and what it shows now ("system" follows the OS). */
  theme: Settings['theme'];
  effective: 'light' | 'dark';
  /** Whether the screen shows a search box that `search` can take the keyboard to. */
  canSearchHere: boolean;
}

/** The theme a toggle chooses: the opposite of what shows now, so "system" always changes something. */
export function nextTheme(theme: Settings['theme'], effective: 'light' | 'dark'): 'light' | 'dark' {
  if (theme === 'light') return 'dark';
  if (theme === 'dark') return 'light';
  return effective === 'dark' ? 'light' : 'dark';
}

type GoCommand = Extract<CommandId, `go-${string}`>;

const sectionOf: Record<GoCommand, SectionId> = {
  'go-library': 'library',
  'go-studio': 'studio',
  'go-planner': 'planner',
  'go-sync': 'sync',
  'go-settings': 'settings',
};

/** The go-to command of a section (the Inbox has none). */
export const goCommandOf: Partial<Record<SectionId, GoCommand>> = {
  library: 'go-library',
  studio: 'go-studio',
  planner: 'go-planner',
  sync: 'go-sync',
  settings: 'go-settings',
};

/** Map a command to what the app does for it. */
export function actionFor(id: CommandId, ctx: CommandContext): CommandAction {
  switch (id) {
    case 'palette':
      return { kind: 'palette' };
    case 'new-post':
      return { kind: 'go', section: 'planner', task: 'new-post' };
    case 'import':
      return { kind: 'go', section: 'library', task: 'import' };
    case 'run-ai-job':
      return { kind: 'go', section: 'studio', task: 'ai-form' };
    case 'search':
      return ctx.canSearchHere ? { kind: 'task', task: 'search' } : { kind: 'go', section: 'library', task: 'search' };
    case 'insert-snippet':
      return { kind: 'snippets' };
    case 'schedule-post':
      // A new post, then its time field: the post's text takes the keyboard first, the time after it.
      return { kind: 'go', section: 'planner', task: 'new-post', focusTestId: 'post-when' };
    case 'open-calendar':
      return { kind: 'planner', tab: 'calendar', id: null };
    case 'toggle-theme':
      return { kind: 'theme', theme: nextTheme(ctx.theme, ctx.effective) };
    case 'sync-now':
      return { kind: 'sync-now' };
    case 'export-diagnostics':
      return { kind: 'go', section: 'settings', focusTestId: 'export-diagnostics' };
    case 'check-updates':
      return { kind: 'go', section: 'settings', focusTestId: 'update-check' };
    case 'go-library':
    case 'go-studio':
    case 'go-planner':
    case 'go-sync':
    case 'go-settings':
      return { kind: 'go', section: sectionOf[id] };
  }
}
