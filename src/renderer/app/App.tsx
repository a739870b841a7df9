import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useChannel, useEventSync } from '../backend/context';
import { SessionBanner } from '../account/SessionBanner';
import { useAiEvents } from '../ai/use-ai-events';
import { nextSeq, requestFor, type OpenRequest, type PlannerTab } from '../planner/tabs';
import { useAnnouncer } from './use-announcer';
import { isMacPlatform } from './platform';
import { sections, type SectionId } from './sections';
import { SectionView } from './SectionView';
import { Sidebar } from './Sidebar';
import { StatusBar } from './StatusBar';
import { createTaskBoard } from './task-board';
import { useAppSettings } from './use-app-settings';
import { useCommands } from './use-commands';
import { useNotifications, type NotifiedItem } from './use-notifications';
import { NoticeToast } from './NoticeToast';
import { ProblemBanner } from './ProblemBanner';
import { RestoreReportDialog } from './RestoreReportDialog';
import { TaskContext } from './use-task';
import { useTheme } from './use-theme';

// Screens a start rarely shows are loaded when first needed: the first run, the recovery screen, the palette.
const FirstRun = lazy(() => import('../account/FirstRun').then((m) => ({ default: m.FirstRun })));
const RecoveryScreen = lazy(() => import('./RecoveryScreen').then((m) => ({ default: m.RecoveryScreen })));
const CommandPalette = lazy(() => import('./CommandPalette').then((m) => ({ default: m.CommandPalette })));
const SnippetPalette = lazy(() =>
  import('../planner/snippets/SnippetPalette').then((m) => ({ default: m.SnippetPalette })),
);
const opening = <p className="loading">Opening Atelier…</p>;
const loaded = (screen: ReactNode) => <Suspense fallback={opening}>{screen}</Suspense>;

/**
 * What the planner is asked to open: a clicked notification's record, or a post another section
 * links to (the Sync view's posts with warnings).
 */
function usePlannerOpen(go: (section: SectionId) => void) {
  const [plannerOpen, setPlannerOpen] = useState<OpenRequest | null>(null);
  const openItem = useCallback((item: NotifiedItem) => {
    const request = requestFor(item);
    if (request) setPlannerOpen(request);
  }, []);
  useNotifications(go, openItem);
  const openPost = useCallback(
    (id: string) => {
      openItem({ group: 'posts', id });
      go('planner');
    },
    [go, openItem],
  );
  const openPlanner = useCallback((tab: PlannerTab, id: string | null) => {
    setPlannerOpen({ tab, id, seq: nextSeq() });
  }, []);
  return { plannerOpen, openPost, openPlanner };
}

/** The command palette (or its snippet list, for "Insert snippet…"), and what inserting a snippet said. */
function Palettes({ commands, isMac }: { commands: ReturnType<typeof useCommands>; isMac: boolean }) {
  return (
    <>
      {commands.paletteOpen && (
        <Suspense fallback={null}>
          {commands.paletteMode === 'snippets' ? (
            <SnippetPalette
              dialogRef={commands.paletteDialog}
              onChoose={commands.insertSnippet}
              onClose={commands.closePalette}
            />
          ) : (
            <CommandPalette
              dialogRef={commands.paletteDialog}
              isMac={isMac}
              onRun={(id) => commands.run(id, 'palette')}
              onOpen={commands.openFromPalette}
              onClose={commands.closePalette}
            />
          )}
        </Suspense>
      )}
      {commands.notice && <NoticeToast notice={commands.notice} onDismiss={commands.dismissNotice} />}
    </>
  );
}

export function App() {
  // A damaged database shows the recovery screen instead of the app, at start or as soon as it is found.
  const recovery = useChannel('recovery.status', {});
  useEventSync('recovery.changed', 'recovery.status');
  useEventSync('settings.changed', 'settings.get');
  useEventSync('session.changed', 'session.get');
  useEventSync('connection.changed', 'connection.get');
  useAiEvents();
  const connection = useChannel('connection.get', {});
  const { current, theme, go, setTheme } = useAppSettings();
  const shownTheme = useTheme(theme);
  const board = useMemo(() => createTaskBoard(), []);
  const isMac = useMemo(() => isMacPlatform(), []);
  const announcer = useAnnouncer();

  const { plannerOpen, openPost, openPlanner } = usePlannerOpen(go);

  const ready = connection.data?.firstRunDone === true;
  const commands = useCommands({
    enabled: ready,
    board,
    theme,
    effective: shownTheme,
    go,
    openPlanner,
    setTheme,
    announce: announcer.announce,
  });
  const active = sections.find((s) => s.id === current) ?? sections[0]!;

  if (recovery.data?.state === 'damaged') return loaded(<RecoveryScreen status={recovery.data} />);
  if (connection.isError) {
    return (
      <main className="bridge-problem" role="alert">
        <h1>Atelier could not start</h1>
        <p>{connection.error.message}</p>
      </main>
    );
  }
  if (!connection.data || (!recovery.data && !recovery.isError)) return opening;
  if (!connection.data.firstRunDone) return loaded(<FirstRun />);

  return (
    <TaskContext.Provider value={board}>
      <div className="frame">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Sidebar current={current} isMac={isMac} theme={shownTheme} go={go} run={commands.run} />
        <main id="main" className="content" tabIndex={-1} aria-labelledby="section-title">
          <ProblemBanner />
          <SessionBanner go={go} />
          <h1 id="section-title">{active.label}</h1>
          <SectionView current={current} go={go} plannerOpen={plannerOpen} openPost={openPost} />
        </main>
        <StatusBar onOpenSync={() => go('sync')} onOpenStudio={() => go('studio')} />
        {announcer.region}
        <RestoreReportDialog />
        <Palettes commands={commands} isMac={isMac} />
      </div>
    </TaskContext.Provider>
  );
}
