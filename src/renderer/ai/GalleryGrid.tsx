import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { AiJobView } from '../../shared/ai';
import { rowsWithFocus } from '../library/virtual-rows';
import { GalleryTile } from './GalleryTile';

/** Tile geometry the windowing maths rely on (keep in step with the gallery block of styles.css). */
const MIN_TILE_WIDTH = 160;
const GAP = 10;
const ROW_HEIGHT = 200;

const columnsFor = (width: number) => Math.max(1, Math.floor((width + GAP) / (MIN_TILE_WIDTH + GAP)));

/** The tile an arrow key, Home or End moves to from `at`, or undefined for other keys. */
export function galleryStep(key: string, at: number, count: number, columns: number): number | undefined {
  const step: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: columns,
    ArrowUp: -columns,
    Home: -at,
    End: count - 1 - at,
  };
  const delta = step[key];
  return delta === undefined ? undefined : Math.min(count - 1, Math.max(0, at + delta));
}

interface Props {
  items: readonly AiJobView[];
  selected: string | null;
  busy: boolean;
  now: number;
  onSelect(id: string): void;
}

/**
 * The results as a windowed grid (TanStack Virtual): only the rows in view and the focused tile
 * exist. Arrow keys, Home and End move between tiles (one tab stop for the whole grid).
 */
export function GalleryGrid({ items, selected, busy, now, onSelect }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // The tile focus is on; `request` grows when the keyboard moved it, so only then is DOM focus moved.
  const [focus, setFocus] = useState({ at: -1, request: 0 });
  const columns = columnsFor(width);
  // The one tab stop: the selected result, or else the first.
  const tabStop = Math.max(
    0,
    items.findIndex((j) => j.id === selected),
  );
  const current = focus.at >= 0 && focus.at < items.length ? focus.at : tabStop;
  const virtual = useVirtualizer({
    count: Math.ceil(items.length / columns),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
    rangeExtractor: (range) => rowsWithFocus(range, Math.floor(tabStop / columns), Math.floor(current / columns)),
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => {
        setWidth(rect.width);
        cb(rect);
      }),
  });

  useEffect(() => {
    if (focus.request === 0) return;
    virtual.scrollToIndex(Math.floor(focus.at / columns), { align: 'auto' });
    scroller.current
      ?.querySelector<HTMLElement>(`[data-gallery-index="${focus.at}"] [data-gallery-tile]`)
      ?.focus({ preventScroll: true });
  }, [focus.request]);

  const onKeyDown = (e: KeyboardEvent) => {
    const to = galleryStep(e.key, current, items.length, columns);
    if (to === undefined) return;
    e.preventDefault();
    setFocus((f) => ({ at: to, request: f.request + 1 }));
  };
  const tileWidth = (width - GAP * (columns - 1)) / columns;
  return (
    <div ref={scroller} className="gallery-scroll">
      <ul
        className="plain gallery-grid"
        aria-label="Results, newest first"
        aria-busy={busy}
        style={{ height: virtual.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {virtual.getVirtualItems().flatMap((row) =>
          items.slice(row.index * columns, (row.index + 1) * columns).map((job, col) => {
            const i = row.index * columns + col;
            const style = {
              width: tileWidth,
              height: ROW_HEIGHT - GAP,
              transform: `translate(${col * (tileWidth + GAP)}px, ${row.start}px)`,
            };
            return (
              <li
                key={job.id}
                data-gallery-index={i}
                style={style}
                onFocus={() => setFocus((f) => (f.at === i ? f : { ...f, at: i }))}
              >
                <GalleryTile
                  job={job}
                  selected={job.id === selected}
                  tabStop={i === tabStop}
                  now={now}
                  onSelect={onSelect}
                />
              </li>
            );
          }),
        )}
      </ul>
    </div>
  );
}
