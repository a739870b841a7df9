import { memo } from 'react';
import type { AssetView } from '../../shared/library';
import { modifiersOf, type ItemHandlers } from './collection';
import { formatBytes, kindLabels, syncLabels } from './format';
import { AssetThumb } from './AssetThumb';

interface Props {
  index: number;
  column: number;
  item: AssetView | undefined;
  selected: boolean;
  tabStop: boolean;
  handlers: ItemHandlers;
}

/** One cell of the grid: the thumbnail, name and a line of facts; a skeleton until its page arrives. */
export const AssetCard = memo(function AssetCard({ index, column, item, selected, tabStop, handlers }: Props) {
  return (
    <div
      role="gridcell"
      aria-colindex={column + 1}
      aria-selected={item ? selected : undefined}
      aria-busy={item ? undefined : true}
      aria-label={item ? undefined : 'Loading…'}
      tabIndex={tabStop ? 0 : -1}
      className={`asset-card${selected ? ' is-selected' : ''}${item ? '' : ' is-loading'}`}
      data-index={index}
      data-testid={item ? `asset-${item.id}` : undefined}
      data-name={item?.name}
      onClick={(e) => handlers.pick(index, item, modifiersOf(e))}
      onDoubleClick={() => handlers.open()}
      onFocus={() => handlers.focusAt(index)}
    >
      {item && (
        <>
          <span className="asset-card-thumb">
            <AssetThumb asset={item} />
            {selected && (
              <span className="asset-check" aria-hidden="true">
                ✓
              </span>
            )}
          </span>
          <span className="asset-card-name" title={item.name}>
            {item.name}
          </span>
          <span className="asset-card-meta">
            {kindLabels[item.kind]} · {formatBytes(item.sizeBytes)}
            {item.syncState !== 'synced' && (
              <span className={`lib-sync lib-sync-${item.syncState}`} title={syncLabels[item.syncState].long}>
                {syncLabels[item.syncState].short}
              </span>
            )}
          </span>
        </>
      )}
    </div>
  );
});
