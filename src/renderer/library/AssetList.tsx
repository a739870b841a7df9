import { useRef } from 'react';
import type { CollectionViewProps } from './collection';
import { AssetRow } from './AssetRow';
import { LIST_ROW_HEIGHT, LIST_TEMPLATE, listColumns } from './list-columns';
import { useCollectionView } from './use-collection-view';

const oneColumn = () => 1;

/** The library as a virtualised table: a fixed header and only the rows in view (and the focused one). */
export function AssetList(props: CollectionViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { total, itemAt, sel, busy, onKey } = props;
  const { rowList, handlers, tabStop, totalHeight, pageRows } = useCollectionView(
    ref,
    props,
    LIST_ROW_HEIGHT,
    oneColumn,
  );
  return (
    <div
      className="asset-list"
      role="grid"
      aria-label="Assets"
      aria-multiselectable="true"
      aria-rowcount={total + 1}
      aria-colcount={listColumns.length}
      aria-busy={busy || undefined}
      onKeyDown={(e) => onKey(e, { columns: 1, pageRows })}
    >
      <div role="rowgroup" className="asset-list-head">
        <div role="row" aria-rowindex={1} className="asset-row is-head" style={{ gridTemplateColumns: LIST_TEMPLATE }}>
          {listColumns.map((c, i) => (
            <span key={c} role="columnheader" aria-colindex={i + 1} className={`asset-cell cell-${i}`}>
              {c}
            </span>
          ))}
        </div>
      </div>
      <div ref={ref} role="rowgroup" className="asset-list-body">
        <div className="collection-spacer" role="presentation" style={{ height: totalHeight }}>
          {rowList.map((i) => {
            const item = itemAt(i);
            return (
              <AssetRow
                key={i}
                index={i}
                item={item}
                selected={item ? sel.ids.has(item.id) : false}
                tabStop={i === tabStop}
                handlers={handlers}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
