import type { GroupSyncView, SyncStatus } from '../../shared/sync';
import { groupLabels } from './format';
import { Time } from './Time';

/** A group's state in words; E2's wording for groups the platform has not specified yet. */
function stateOf(g: GroupSyncView, phase: SyncStatus['phase']): string {
  if (g.endpoints === 'unspecified') return "Waiting for the platform's specification";
  if (g.massDelete) return 'Waiting for your answer';
  if (g.conflicts > 0) return 'Needs your choice';
  if (g.failed > 0) return 'Some changes refused';
  if (g.pending > 0) return phase === 'syncing' ? 'Sending' : 'Changes waiting';
  return g.lastPulledAt ? 'Up to date' : 'Not synced yet';
}

/** Per-group counts: what waits, what the platform refused, what needs a choice. */
export function GroupTable({ status, now }: { status: SyncStatus; now: number }) {
  return (
    <section className="card" aria-labelledby="sync-groups-title">
      <h2 id="sync-groups-title">Resource groups</h2>
      <div className="sync-table-wrap">
        <table className="sync-table">
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">State</th>
              <th scope="col" className="num">
                Pending
              </th>
              <th scope="col" className="num">
                Failed
              </th>
              <th scope="col" className="num">
                Conflicts
              </th>
              <th scope="col">Last pulled</th>
            </tr>
          </thead>
          <tbody>
            {status.groups.map((g) => (
              <tr key={g.group} data-testid={`sync-group-${g.group}`}>
                <th scope="row">{groupLabels[g.group]}</th>
                <td data-testid="state" className={g.endpoints === 'unspecified' ? 'muted' : undefined}>
                  {stateOf(g, status.phase)}
                </td>
                <td className="num" data-testid="pending">
                  {g.pending}
                </td>
                <td className={g.failed > 0 ? 'num sync-attention' : 'num'} data-testid="failed">
                  {g.failed}
                </td>
                <td className={g.conflicts > 0 ? 'num sync-attention' : 'num'} data-testid="conflicts">
                  {g.conflicts}
                </td>
                <td>{g.lastPulledAt ? <Time iso={g.lastPulledAt} now={now} /> : 'Never'}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All groups</th>
              <td />
              <td className="num" data-testid="total-pending">
                {status.totals.pending}
              </td>
              <td className="num" data-testid="total-failed">
                {status.totals.failed}
              </td>
              <td className="num" data-testid="total-conflicts">
                {status.totals.conflicts}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
