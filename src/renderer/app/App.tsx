import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../shared/settings';
import { call } from '../backend/call';
import { useBackend, useChannel, useEventSync } from '../backend/context';
import { FirstRun } from '../account/FirstRun';
import { SessionBanner } from '../account/SessionBanner';
import { StudioSection } from '../ai/StudioSection';
import { useAiEvents } from '../ai/use-ai-events';
import { LibrarySection } from '../library/LibrarySection';
import { PlannerSection } from '../planner/PlannerSection';
import { requestFor, type OpenRequest } from '../planner/tabs';
import { SettingsSection } from '../sections/SettingsSection';
import { SyncSection } from '../sync/SyncSection';
import { goCommandOf } from './commands';
import { CommandPalette } from './CommandPalette';
import { useAnnouncer } from './use-announcer';
import { ariaKeyShortcut, isMacPlatform, shortcutLabel } from './platform';
import { sections, type SectionId } from './sections';
import { StatusBar } from './StatusBar';
import { createTaskBoard } from './task-board';
import { useCommands } from './use-commands';
import { useNotifications, type NotifiedItem } from './use-notifications';
import { ProblemBanner } from './ProblemBanner';
import { RecoveryScreen } from './RecoveryScreen';
import { RestoreReportDialog } from './RestoreReportDialog';
import { TaskContext } from './use-task';
import { useTheme } from './use-theme';

export function App() {
  const api = useBackend();
  const client = useQueryClient();
  const settings = useChannel('settings.get', {});
  // A damaged database shows the recovery screen instead of the app, at start or as soon as it is found.
  const recovery = useChannel('recovery.status', {});
  useEventSync('recovery.changed', 'recovery.status');
  useEventSync('settings.changed', 'settings.get');
  useEventSync('session.changed', 'session.get');
  useEventSync('connection.changed', 'connection.get');
  useAiEvents();
  const connection = useChannel('connection.get', {});
  const [section, setSection] = useState<SectionId | null>(null);
  const current: SectionId = section ?? settings.data?.lastSection ?? 'library';
  const theme = settings.data?.theme ?? 'system';
  const shownTheme = useTheme(theme);
  const board = useMemo(() => createTaskBoard(), []);
  const isMac = useMemo(() => isMacPlatform(), []);
  const announcer = useAnnouncer();

  const { mutate: remember } = useMutation({
    mutationFn: (patch: Partial<Settings>) => call(api, 'settings.update', patch),
    onSuccess: (next) => client.setQueryData(['settings.get', {}], next),
    // The screen showed the change at once: on failure, show what is stored again.
    onError: () => void client.invalidateQueries({ queryKey: ['settings.get'] }),
  });

  const go = useCallback(
    (id: SectionId) => {
      setSection(id);
      remember({ lastSection: id });
    },
    [remember],
  );
  const setTheme = useCallback(
    (next: Settings['theme']) => {
      const previous = client.getQueryData<Settings>(['settings.get', {}]);
      if (previous) client.setQueryData(['settings.get', {}], { ...previous, theme: next });
      remember({ theme: next });
    },
    [client, remember],
  );

  // A clicked notification about a planner record opens it there.
  const [plannerOpen, setPlannerOpen] = useState<OpenRequest | null>(null);
  const openItem = useCallback((item: NotifiedItem) => {
    const request = requestFor(item);
    if (request) setPlannerOpen(request);
  }, []);
  useNotifications(go, openItem);

  const ready = connection.data?.firstRunDone === true;
  const commands = useCommands({ enabled: ready, board, theme, effective: shownTheme, go, setTheme, announce: announcer.announce });

  const active = sections.find((s) => s.id === current) ?? sections[0]!;

  if (recovery.data?.state === 'damaged') return <RecoveryScreen status={recovery.data} />;
  if (connection.isError) {
    return (
      <main className="bridge-problem" role="alert">
        <h1>Atelier could not start</h1>
        <p>{connection.error.message}</p>
      </main>
    );
  }
  if (!connection.data || (!recovery.data && !recovery.isError)) return <p className="loading">Opening Atelier…</p>;
  if (!connection.data.firstRunDone) return <FirstRun />;

  const paletteKeys = shortcutLabel('palette', isMac);
  const themeKeys = shortcutLabel('toggle-theme', isMac);
  return (
    <TaskContext.Provider value={board}>
      <div className="frame">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <div className="sidebar">
          <div className="brand" aria-hidden="true">
            Atelier
          </div>
          <nav aria-label="Sections">
            <ul>
              {sections.map((s) => {
                const command = goCommandOf[s.id];
                return (
                  <li key={s.id}>
                    <button
                      type="button"
                      className="nav-item"
                      aria-current={s.id === current ? 'page' : undefined}
                      aria-keyshortcuts={ariaKeyShortcut(command, isMac)}
                      onClick={() => go(s.id)}
                      title={`${s.label} (${shortcutLabel(command, isMac)})`}
                    >
                      {s.label}
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="sidebar-tools">
            <button
              type="button"
              className="nav-tool"
              data-testid="open-palette"
              aria-haspopup="dialog"
              aria-keyshortcuts={ariaKeyShortcut('palette', isMac)}
              onClick={() => commands.run('palette', 'button')}
            >
              <span>Commands</span>
              <kbd className="nav-tool-keys">{paletteKeys}</kbd>
            </button>
            <button
              type="button"
              className="nav-tool"
              data-testid="theme-toggle"
              aria-pressed={shownTheme === 'dark'}
              aria-keyshortcuts={ariaKeyShortcut('toggle-theme', isMac)}
              title={`Switch between the light and dark theme (${themeKeys}); Settings can follow the system again`}
              onClick={() => commands.run('toggle-theme', 'button')}
            >
              <span className="nav-tool-glyph" aria-hidden="true">
                {shownTheme === 'dark' ? '☾' : '☀'}
              </span>
              <span>Dark theme</span>
            </button>
          </div>
        </div>
        <main id="main" className="content" tabIndex={-1} aria-labelledby="section-title">
          <ProblemBanner />
          <SessionBanner go={go} />
          <h1 id="section-title">{active.label}</h1>
          {current === 'settings' ? (
            <SettingsSection />
          ) : current === 'sync' ? (
            <SyncSection go={go} />
          ) : current === 'library' ? (
            <LibrarySection />
          ) : current === 'studio' ? (
            <StudioSection />
          ) : (
            <PlannerSection open={plannerOpen} />
          )}
        </main>
        <StatusBar onOpenSync={() => go('sync')} onOpenStudio={() => go('studio')} />
        {announcer.region}
        <RestoreReportDialog />
        {commands.paletteOpen && <CommandPalette dialogRef={commands.paletteDialog} isMac={isMac} onRun={(id) => commands.run(id, 'palette')} onClose={commands.closePalette} />}
      </div>
    </TaskContext.Provider>
  );
}
