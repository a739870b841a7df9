import { useRef } from 'react';
import type { CollectionViewProps } from './collection';
import { AssetCard } from './AssetCard';
import { useCollectionView } from './use-collection-view';

/** Card geometry the windowing maths rely on (keep in step with the Library block of styles.css). */
const MIN_CARD_WIDTH = 168;
const GAP = 12;
const ROW_HEIGHT = 232;

const columnsFor = (width: number) => Math.max(1, Math.floor((width - GAP) / (MIN_CARD_WIDTH + GAP)));

/** The library as a virtualised grid of cards: only the rows in view (and the focused one) exist. */
export function AssetGrid(props: CollectionViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { total, itemAt, sel, busy, onKey } = props;
  const { rows, columns, rowList, handlers, tabStop, totalHeight, pageRows } = useCollectionView(
    ref,
    props,
    ROW_HEIGHT,
    columnsFor,
  );
  return (
    <div
      ref={ref}
      className="asset-grid"
      role="grid"
      aria-label="Assets"
      aria-multiselectable="true"
      aria-rowcount={rows}
      aria-colcount={columns}
      aria-busy={busy || undefined}
      onKeyDown={(e) => onKey(e, { columns, pageRows })}
    >
      <div className="collection-spacer" role="presentation" style={{ height: totalHeight }}>
        {rowList.map((r) => {
          const cells: number[] = [];
          for (let i = r * columns; i < Math.min(total, (r + 1) * columns); i++) cells.push(i);
          return (
            <div
              key={r}
              role="row"
              aria-rowindex={r + 1}
              className="asset-grid-row"
              style={{
                transform: `translateY(${r * ROW_HEIGHT}px)`,
                height: ROW_HEIGHT,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: GAP,
                padding: `${GAP / 2}px ${GAP / 2}px`,
              }}
            >
              {cells.map((i) => {
                const item = itemAt(i);
                return (
                  <AssetCard
                    key={i}
                    index={i}
                    column={i - r * columns}
                    item={item}
                    selected={item ? sel.ids.has(item.id) : false}
                    tabStop={i === tabStop}
                    handlers={handlers}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
