import type { SectionId } from '../app/sections';
import { ActivityLog } from './ActivityLog';
import { AttentionList } from './AttentionList';
import { ConflictList } from './ConflictList';
import { FailedList } from './FailedList';
import { GroupTable } from './GroupTable';
import { MassDeletePrompts } from './MassDeletePrompt';
import { SyncHeader } from './SyncHeader';
import { useNow, useSyncListsInStep, useSyncStatus } from './use-sync';
import { QueryError } from './QueryError';

/** The sync view (E4): state, per-group counts, what needs the user, and the activity log. */
export function SyncSection({ go, openPost }: { go?: (id: SectionId) => void; openPost?: (id: string) => void }) {
  const status = useSyncStatus();
  useSyncListsInStep();
  const now = useNow();
  if (status.isError) return <QueryError error={status.error} />;
  if (!status.data) return <p className="loading">Loading sync state…</p>;
  const s = status.data;
  return (
    <div className="stack sync">
      <SyncHeader status={s} go={go} />
      <MassDeletePrompts groups={s.groups} />
      <GroupTable status={s} now={now} />
      <ConflictList />
      <FailedList now={now} />
      <AttentionList now={now} onOpenPost={openPost} />
      <ActivityLog now={now} />
    </div>
  );
}
