import { ImportForm } from './ImportForm';
import { WorkspaceTransfer } from './WorkspaceTransfer';

/** D7: CSV/JSON import of posts and plans, and the workspace's export and import. */
export function TransferPanel() {
  return (
    <div className="stack planner-transfer">
      <ImportForm />
      <WorkspaceTransfer />
    </div>
  );
}
