import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { commandForKey, commandInfo, type CommandId } from '../../shared/commands';
import type { AtelierApi } from '../../shared/backend';
import type { Settings } from '../../shared/settings';
import type { SnippetUse } from '../../shared/snippets';
import { call } from '../backend/call';
import { useBackend } from '../backend/context';
import { toAppError } from '../library/app-error';
import { caretOf, insertAtCaret, isSnippetTarget, type Caret } from '../planner/snippets/insert-text';
import { actionFor, type Task } from './commands';
import type { ToastNotice } from './NoticeToast';
import { focusMainIfLost, focusWhenPresent, isTextEntry, restoreFocus } from './focus';
import { requestItem, revealHeading, type PaletteOpen } from './palette-open';
import { isMacPlatform } from './platform';
import type { PlannerTab } from '../planner/tabs';
import type { SectionId } from './sections';
import type { TaskBoard } from './task-board';

/** The open palette: what had the keyboard before it, and whether it lists commands or snippets. */
interface PaletteState {
  returnTo: Element | null;
  /** Where the caret was in that element, when it is a composer text (the dialog may move it). */
  caret: Caret | null;
  mode: 'commands' | 'snippets';
}

/** Where a command came from: a key press in the page, the desktop menu, the palette, or a button. */
export type CommandSource = 'key' | 'menu' | 'palette' | 'button';

interface Options {
  /** Off until the app's frame shows (first run has no sections to act on). */
  enabled: boolean;
  /** Where sections offer their part of a command (the app provides it to them). */
  board: TaskBoard;
  theme: Settings['theme'];
  effective: 'light' | 'dark';
  go(section: SectionId): void;
  /** Show a planner tab, with one of its records opened when `id` is given. */
  openPlanner?(tab: PlannerTab, id: string | null): void;
  setTheme(theme: 'light' | 'dark'): void;
  /** Tell assistive tech what a command did when nothing visible moved (theme, sync). */
  announce(message: string): void;
}

/**
 * In the desktop app a menu accelerator and the page's own key handling could both see a key.
 * The page handles its shortcut keys in every host and calls preventDefault, and Electron runs a
 * menu accelerator only for key events the page left unhandled, so a shortcut runs once; menu
 * clicks (and accelerators when the page does not have the keyboard) arrive as `app.command`. As a
 * guard for platforms where both still arrive, the same command from the other source within this
 * window is dropped.
 */
const DOUBLE_MS = 750;

/**
 * The one place commands are carried out, whichever way they were asked for: shortcut keys
 * (`commandForKey`), the desktop menu (`app.command`), the palette and buttons.
 */
export function useCommands(options: Options) {
  const api = useBackend();
  const { board } = options;
  const opts = useRef(options);
  opts.current = options;
  const { palette, paletteRef, paletteDialog, closePalette, openPalette } = usePalette();
  const last = useRef<{ id: CommandId; source: CommandSource; at: number } | null>(null);

  const run = useCallback(
    (id: CommandId, source: CommandSource) => {
      const now = Date.now();
      const prev = last.current;
      if (
        prev &&
        prev.id === id &&
        prev.source !== source &&
        (prev.source === 'menu' || source === 'menu') &&
        now - prev.at < DOUBLE_MS
      )
        return;
      last.current = { id, source, at: now };

      const o = opts.current;
      const action = actionFor(id, { theme: o.theme, effective: o.effective, canSearchHere: board.has('search') });
      if (action.kind === 'palette') {
        if (paletteRef.current) closePalette();
        else openPalette('commands');
        return;
      }
      if (action.kind === 'snippets') {
        openPalette('snippets');
        return;
      }
      // Any other command closes the palette first, so the focus it moves to stays there.
      closePalette();
      switch (action.kind) {
        case 'go':
          o.go(action.section);
          // The old section's focused element may be gone: the main region has the keyboard until the task takes it.
          focusMainIfLost();
          goTask(board, action.task, action.focusTestId);
          break;
        case 'planner':
          paletteOpen(api, { kind: 'planner', tab: action.tab, id: action.id }, o);
          break;
        case 'task':
          board.request(action.task);
          break;
        case 'theme':
          o.setTheme(action.theme);
          o.announce(action.theme === 'dark' ? 'Dark theme' : 'Light theme');
          break;
        case 'sync-now':
          o.announce('Syncing now…');
          call(api, 'sync.now', {}).catch((e: unknown) =>
            opts.current.announce(`Sync could not start: ${toAppError(e).message}`),
          );
          break;
      }
    },
    [api, board, closePalette, openPalette, paletteRef],
  );

  useCommandKeys(api, options.enabled, run);
  const { notify, ...snippets } = useSnippetInsert(paletteRef, closePalette, (text) => opts.current.announce(text));
  const openFromPalette = usePaletteOpen(api, run, closePalette, opts, notify);

  return {
    run,
    paletteOpen: palette !== null,
    paletteMode: palette?.mode ?? 'commands',
    closePalette,
    paletteDialog,
    openFromPalette,
    ...snippets,
  };
}

/** Opening a palette line: a command runs; anything else closes the palette first, then opens. */
function usePaletteOpen(
  api: AtelierApi,
  run: (id: CommandId, source: CommandSource) => void,
  closePalette: () => void,
  opts: RefObject<Options>,
  notify: (notice: ToastNotice) => void,
) {
  return useCallback(
    (open: PaletteOpen) => {
      if (open.kind === 'command') return run(open.id, 'palette');
      closePalette();
      paletteOpen(api, open, opts.current, notify);
    },
    [api, run, closePalette, opts, notify],
  );
}

/** A section's task, then the field asked for (after the task took the keyboard), or the field alone. */
function goTask(board: TaskBoard, task: Task | undefined, focusTestId: string | undefined) {
  if (task && focusTestId) focusAfterTask(focusTestId);
  if (task) board.request(task);
  if (focusTestId && !task) focusWhenPresent(`[data-testid="${focusTestId}"]`);
}

/** Carry out a palette line that is not a command: open a record or a settings part, or queue it. */
function paletteOpen(
  api: AtelierApi,
  open: Exclude<PaletteOpen, { kind: 'command' }> | { kind: 'planner'; tab: PlannerTab; id: string | null },
  o: Options,
  notify: (notice: ToastNotice) => void = () => undefined,
) {
  switch (open.kind) {
    case 'planner':
      o.go('planner');
      focusMainIfLost();
      o.openPlanner?.(open.tab, open.id);
      break;
    case 'item':
      requestItem(open.item, open.id);
      o.go(open.section);
      focusMainIfLost();
      break;
    case 'settings':
      o.go('settings');
      focusMainIfLost();
      revealHeading(open.heading);
      break;
    case 'queue':
      call(api, 'planner.queueAdd', { source: { group: open.group, id: open.id } }).then(
        () =>
          notify({
            text: `Added “${open.title}” to the media queue.`,
            action: {
              label: 'Show queue',
              alt: 'The Planner’s Media queue tab lists it.',
              run: () => paletteOpen(api, { kind: 'planner', tab: 'queue', id: null }, o),
            },
          }),
        (e: unknown) =>
          notify({ text: `“${open.title}” could not be added to the queue.`, hint: toAppError(e).message }),
      );
      break;
  }
}

/**
 * A task takes the keyboard where it wants (a new post: its text); the command's own field comes after
 * that, so the last focus is the one asked for. Given up after a few seconds.
 */
function focusAfterTask(testId: string) {
  const main = document.getElementById('main') ?? document.body;
  const done = () => {
    main.removeEventListener('focusin', onFocus);
    clearTimeout(timer);
  };
  const onFocus = (e: FocusEvent) => {
    if (e.target === main) return;
    done();
    focusWhenPresent(`[data-testid="${testId}"]`);
  };
  main.addEventListener('focusin', onFocus);
  const timer = setTimeout(done, 3000);
}

/** The palette's state: open or not, listing commands or snippets, and what had the keyboard before it. */
function usePalette() {
  const [palette, setPalette] = useState<PaletteState | null>(null);
  const paletteRef = useRef(palette);
  paletteRef.current = palette;
  /** The palette's <dialog>: closed at once on the way out, as a modal dialog makes the rest of the page inert. */
  const paletteDialog = useRef<HTMLDialogElement | null>(null);
  const closePalette = useCallback(() => {
    const open = paletteRef.current;
    if (!open) return;
    paletteRef.current = null;
    paletteDialog.current?.close();
    setPalette(null);
    restoreFocus(open.returnTo);
  }, []);
  /**
   * The snippet list may take the command list's place: the element that had the keyboard stays the
   * one to return to.
   */
  const openPalette = useCallback((mode: PaletteState['mode']) => {
    const returnTo = paletteRef.current ? paletteRef.current.returnTo : document.activeElement;
    const caret = paletteRef.current ? paletteRef.current.caret : isSnippetTarget(returnTo) ? caretOf(returnTo) : null;
    const open: PaletteState = { returnTo, caret, mode };
    paletteDialog.current?.close();
    paletteRef.current = open;
    setPalette(open);
  }, []);
  return { palette, paletteRef, paletteDialog, closePalette, openPalette };
}

/**
 * A snippet chosen in the palette goes in at the caret of the composer text that had the keyboard when
 * the palette opened; with no composer text there, it is copied to the clipboard and a notice says so.
 */
function useSnippetInsert(
  paletteRef: RefObject<PaletteState | null>,
  closePalette: () => void,
  announce: (text: string) => void,
) {
  const [notice, setNotice] = useState<ToastNotice | null>(null);
  const insertSnippet = useCallback(
    (filled: SnippetUse, name: string) => {
      const target = paletteRef.current?.returnTo ?? null;
      const caret = paletteRef.current?.caret ?? undefined;
      closePalette();
      const left = filled.missing.length ? ` Still to fill: ${filled.missing.map((m) => `{{${m}}}`).join(', ')}.` : '';
      if (isSnippetTarget(target)) {
        insertAtCaret(target, filled.text, caret);
        announce(`Inserted “${name}”.${left}`);
        return;
      }
      const copied = () =>
        setNotice({
          text: `Copied “${name}” to the clipboard.`,
          hint: `No post text had the keyboard: paste it where it goes.${left}`,
        });
      const failed = () =>
        setNotice({
          text: `“${name}” could not be copied to the clipboard.`,
          hint: 'Open a post and insert it from beside its text.',
        });
      if (!navigator.clipboard) failed();
      else navigator.clipboard.writeText(filled.text).then(copied, failed);
    },
    [paletteRef, closePalette, announce],
  );
  return { insertSnippet, notice, dismissNotice: () => setNotice(null), notify: setNotice };
}

/** Shortcut keys in the page and the desktop menu's commands, while the app's frame shows. */
function useCommandKeys(api: AtelierApi, enabled: boolean, run: (id: CommandId, source: CommandSource) => void) {
  useEffect(() => {
    if (!enabled) return;
    const isMac = isMacPlatform();
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const id = commandForKey(e, isMac);
      if (!id) return;
      // A shortcut without a modifier would be typing in a text field: leave it there.
      if (!commandInfo(id).accelerator?.includes('+') && isTextEntry(e.target)) return;
      e.preventDefault();
      // Holding the keys down runs the command once.
      if (!e.repeat) run(id, 'key');
    };
    window.addEventListener('keydown', onKey);
    const off = api.on('app.command', ({ command }) => run(command, 'menu'));
    return () => {
      window.removeEventListener('keydown', onKey);
      off();
    };
  }, [api, enabled, run]);
}
