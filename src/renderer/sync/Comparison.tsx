import type { ConflictView } from '../../shared/sync';
import { display, fieldNames } from './merge';

function Value({ value }: { value: unknown }) {
  if (value === undefined) return <span className="muted sync-unset">Not set</span>;
  return <span className={typeof value === 'string' ? 'sync-value' : 'sync-value mono'}>{display(value)}</span>;
}

/** Both versions side by side, one row per field; differing rows are marked in words as well as highlighted. */
export function Comparison({ conflict: c }: { conflict: ConflictView }) {
  const names = fieldNames(c);
  const rows = Math.max(names.length, 1);
  const deleted = (side: 'local' | 'remote', first: boolean) =>
    first ? (
      <td rowSpan={rows} className="sync-deleted" data-testid={`${side}-deleted`}>
        Deleted
      </td>
    ) : null;
  return (
    <div className="sync-table-wrap">
      <table className="sync-table sync-compare">
        <caption className="sync-sr-only">Both versions of {c.label}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">On this computer</th>
            <th scope="col">On the platform{c.remote.version !== null ? ` (version ${c.remote.version})` : ''}</th>
          </tr>
        </thead>
        <tbody>
          {names.length === 0 && (
            <tr>
              <th scope="row" className="muted">
                No fields
              </th>
              {c.local.deleted ? deleted('local', true) : <td className="muted">—</td>}
              {c.remote.deleted ? deleted('remote', true) : <td className="muted">—</td>}
            </tr>
          )}
          {names.map((name, i) => {
            const differs = c.differing.includes(name);
            return (
              <tr key={name} className={differs ? 'sync-diff' : undefined} data-field={name}>
                <th scope="row">
                  <span className="mono">{name}</span>
                  {differs && (
                    <>
                      {' '}
                      <span className="sync-diff-mark">
                        <span aria-hidden="true">≠ </span>differs
                      </span>
                    </>
                  )}
                </th>
                {c.local.deleted ? (
                  deleted('local', i === 0)
                ) : (
                  <td>
                    <Value value={c.local.fields[name]} />
                  </td>
                )}
                {c.remote.deleted ? (
                  deleted('remote', i === 0)
                ) : (
                  <td>
                    <Value value={c.remote.fields[name]} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
