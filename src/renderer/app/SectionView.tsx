import { lazy, Suspense } from 'react';
import { LibrarySection } from '../library/LibrarySection';
import type { OpenRequest } from '../planner/tabs';
import type { SectionId } from './sections';

// The Library is the first screen most starts show: it comes with the app. The others are loaded
// the first time they are opened, so a start parses and runs only what it shows.
const StudioSection = lazy(() => import('../ai/StudioSection').then((m) => ({ default: m.StudioSection })));
const PlannerSection = lazy(() => import('../planner/PlannerSection').then((m) => ({ default: m.PlannerSection })));
const SettingsSection = lazy(() => import('../sections/SettingsSection').then((m) => ({ default: m.SettingsSection })));
const InboxSection = lazy(() => import('../inbox/InboxSection').then((m) => ({ default: m.InboxSection })));
const SyncSection = lazy(() => import('../sync/SyncSection').then((m) => ({ default: m.SyncSection })));

function Chosen({
  current,
  go,
  plannerOpen,
  openPost,
}: {
  current: SectionId;
  go(section: SectionId): void;
  plannerOpen: OpenRequest | null;
  openPost?: ((id: string) => void) | undefined;
}) {
  switch (current) {
    case 'settings':
      return <SettingsSection />;
    case 'sync':
      return <SyncSection go={go} {...(openPost && { openPost })} />;
    case 'inbox':
      return <InboxSection go={go} {...(openPost && { openPost })} />;
    case 'library':
      return <LibrarySection />;
    case 'studio':
      return <StudioSection />;
    default:
      return <PlannerSection open={plannerOpen} />;
  }
}

/** The section shown in the main region. */
export function SectionView(props: {
  current: SectionId;
  go(section: SectionId): void;
  plannerOpen: OpenRequest | null;
  /** Open a post in the planner's composer (the Sync view's list of posts with warnings). */
  openPost?: (id: string) => void;
}) {
  return (
    <Suspense fallback={<p className="loading">Opening…</p>}>
      <Chosen {...props} />
    </Suspense>
  );
}
