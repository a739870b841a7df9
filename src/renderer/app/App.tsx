import { useCallback, useEffect, useState } from 'react';
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
import { sections, type SectionId } from './sections';
import { SyncSection } from '../sync/SyncSection';
import { StatusBar } from './StatusBar';
import { useTheme } from './use-theme';
import { useNotifications, type NotifiedItem } from './use-notifications';

export function App() {
  const api = useBackend();
  const client = useQueryClient();
  const settings = useChannel('settings.get', {});
  useEventSync('settings.changed', 'settings.get');
  useEventSync('session.changed', 'session.get');
  useEventSync('connection.changed', 'connection.get');
  useAiEvents();
  const connection = useChannel('connection.get', {});
  const [section, setSection] = useState<SectionId | null>(null);
  const current: SectionId = section ?? settings.data?.lastSection ?? 'library';
  useTheme(settings.data?.theme ?? 'system');

  const remember = useMutation({
    mutationFn: (patch: Partial<Settings>) => call(api, 'settings.update', patch),
    onSuccess: (next) => client.setQueryData(['settings.get', {}], next),
  });

  const go = useCallback(
    (id: SectionId) => {
      setSection(id);
      remember.mutate({ lastSection: id });
    },
    [remember],
  );

  // A clicked notification about a planner record opens it there.
  const [plannerOpen, setPlannerOpen] = useState<OpenRequest | null>(null);
  const openItem = useCallback((item: NotifiedItem) => {
    const request = requestFor(item);
    if (request) setPlannerOpen(request);
  }, []);
  useNotifications(go, openItem);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const target = sections.find((s) => s.shortcut === e.key);
      if (target) {
        e.preventDefault();
        go(target.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const active = sections.find((s) => s.id === current) ?? sections[0]!;

  if (connection.isError) {
    return (
      <main className="bridge-problem" role="alert">
        <h1>Atelier could not start</h1>
        <p>{connection.error.message}</p>
      </main>
    );
  }
  if (!connection.data) return <p className="loading">Opening Atelier…</p>;
  if (!connection.data.firstRunDone) return <FirstRun />;

  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Sections">
        <div className="brand" aria-hidden="true">
          Atelier
        </div>
        <ul>
          {sections.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="nav-item"
                aria-current={s.id === current ? 'page' : undefined}
                onClick={() => go(s.id)}
                title={`${s.label} (Ctrl+${s.shortcut})`}
              >
                {s.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1} aria-labelledby="section-title">
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
    </div>
  );
}
