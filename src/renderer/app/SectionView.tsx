import { StudioSection } from '../ai/StudioSection';
import { LibrarySection } from '../library/LibrarySection';
import { PlannerSection } from '../planner/PlannerSection';
import type { OpenRequest } from '../planner/tabs';
import { SettingsSection } from '../sections/SettingsSection';
import { SyncSection } from '../sync/SyncSection';
import type { SectionId } from './sections';

/** The section shown in the main region. */
export function SectionView({
  current,
  go,
  plannerOpen,
}: {
  current: SectionId;
  go(section: SectionId): void;
  plannerOpen: OpenRequest | null;
}) {
  switch (current) {
    case 'settings':
      return <SettingsSection />;
    case 'sync':
      return <SyncSection go={go} />;
    case 'library':
      return <LibrarySection />;
    case 'studio':
      return <StudioSection />;
    default:
      return <PlannerSection open={plannerOpen} />;
  }
}
