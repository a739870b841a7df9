import { useCallback, useEffect, useState } from 'react';
import { useTask } from '../app/use-task';
import { useLibraryEvents } from '../library/use-library-events';
import { useStoredState } from '../library/use-stored-state';
import { AutomationsPanel } from './AutomationsPanel';
import { CalendarPanel } from './CalendarPanel';
import { ChannelsPanel } from './ChannelsPanel';
import { SnippetsPanel } from './snippets/SnippetsPanel';
import { CreativesPanel } from './CreativesPanel';
import { MediaQueuePanel } from './MediaQueuePanel';
import { PLANNER_PANEL, plannerTabId, PlannerTabs } from './PlannerTabs';
import { PlannerNav } from './planner-nav';
import { PostsPanel } from './PostsPanel';
import { nextSeq, plannerTabs, type OpenRequest, type PlannerTab } from './tabs';
import { TemplatesPanel } from './TemplatesPanel';
import { TransferPanel } from './TransferPanel';
import { NEW } from './use-list-editor';
import { usePlannerEvents } from './use-planner-events';

/** D1–D7: posts, the calendar with plans, creatives, templates, the media queue, automations, import and export. */
export function PlannerSection({ open }: { open: OpenRequest | null }) {
  usePlannerEvents();
  useLibraryEvents();
  const [tab, setTab] = useStoredState<PlannerTab>('atelier.planner.tab', plannerTabs, 'calendar');
  const [request, setRequest] = useState<OpenRequest | null>(open);

  useEffect(() => {
    if (!open) return;
    setTab(open.tab);
    setRequest(open);
  }, [open, setTab]);

  const openItem = useCallback(
    (to: PlannerTab, id: string | null, notice?: string) => {
      setTab(to);
      setRequest({ tab: to, id, seq: nextSeq(), ...(notice !== undefined && { notice }) });
    },
    [setTab],
  );
  // The new-post command: the Posts tab with a new post's editor, its text field focused.
  useTask('new-post', () => openItem('posts', NEW));
  const forTab = (t: PlannerTab) => (request?.tab === t ? request : null);
  const go = useCallback((to: PlannerTab) => openItem(to, null), [openItem]);

  return (
    <PlannerNav.Provider value={go}>
      <div className="planner">
        <PlannerTabs value={tab} onChange={setTab} />
        <div role="tabpanel" id={PLANNER_PANEL} aria-labelledby={plannerTabId(tab)} className="planner-panel">
          {tab === 'calendar' && <CalendarPanel request={forTab('calendar')} onOpen={openItem} />}
          {tab === 'posts' && <PostsPanel request={forTab('posts')} />}
          {tab === 'channels' && <ChannelsPanel request={forTab('channels')} />}
          {tab === 'snippets' && <SnippetsPanel request={forTab('snippets')} />}
          {tab === 'creatives' && <CreativesPanel request={forTab('creatives')} />}
          {tab === 'templates' && <TemplatesPanel request={forTab('templates')} />}
          {tab === 'queue' && <MediaQueuePanel request={forTab('queue')} />}
          {tab === 'automations' && <AutomationsPanel request={forTab('automations')} />}
          {tab === 'transfer' && <TransferPanel />}
        </div>
      </div>
    </PlannerNav.Provider>
  );
}
