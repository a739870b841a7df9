import { memo } from 'react';
import type { AssetView } from '../../shared/library';
import { modifiersOf, type ItemHandlers } from './collection';
import { formatBytes, formatDate, formatExtent, kindGlyphs, kindLabels, syncLabels } from './format';
import { LIST_ROW_HEIGHT, LIST_TEMPLATE, listColumns } from './list-columns';

interface Props {
  index: number;
  item: AssetView | undefined;
  selected: boolean;
  tabStop: boolean;
  handlers: ItemHandlers;
}

function cells(a: AssetView): string[] {
  return [
    a.name,
    kindLabels[a.kind],
    formatBytes(a.sizeBytes),
    formatExtent(a),
    a.tags.join(', '),
    formatDate(a.createdAt),
    syncLabels[a.syncState].short,
  ];
}

/** One row of the list view; a skeleton until its page arrives. */
export const AssetRow = memo(function AssetRow({ index, item, selected, tabStop, handlers }: Props) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={item ? selected : undefined}
      aria-busy={item ? undefined : true}
      tabIndex={tabStop ? 0 : -1}
      className={`asset-row${selected ? ' is-selected' : ''}${item ? '' : ' is-loading'}`}
      style={{
        transform: `translateY(${index * LIST_ROW_HEIGHT}px)`,
        height: LIST_ROW_HEIGHT,
        gridTemplateColumns: LIST_TEMPLATE,
      }}
      data-index={index}
      data-testid={item ? `asset-${item.id}` : undefined}
      data-name={item?.name}
      onClick={(e) => handlers.pick(index, item, modifiersOf(e))}
      onDoubleClick={() => handlers.open()}
      onFocus={() => handlers.focusAt(index)}
    >
      {item ? (
        cells(item).map((text, c) => (
          <span
            key={listColumns[c]}
            role="gridcell"
            aria-colindex={c + 1}
            className={`asset-cell cell-${c}`}
            title={text}
          >
            {c === 0 && (
              <span className="row-glyph" aria-hidden="true">
                {kindGlyphs[item.kind]}
              </span>
            )}
            {c === 6 ? <span className={`lib-sync lib-sync-${item.syncState}`}>{text}</span> : text}
          </span>
        ))
      ) : (
        <span role="gridcell" aria-colindex={1} className="asset-cell muted">
          Loading…
        </span>
      )}
    </div>
  );
});
