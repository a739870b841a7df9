import { useState, type DragEvent } from 'react';
import type { DayKey } from '../calendar';
import { carriesAsset, carriesFiles, droppedAsset, type DraggedAsset } from './asset-drag';

/**
 * A day as an HTML5 drop target for library assets. Post chips move with dnd-kit (pointer events),
 * which never fires these, so the two kinds of drag do not meet.
 */
export function useAssetDrop(
  day: DayKey,
  onDrop: ((day: DayKey, asset: DraggedAsset) => void) | undefined,
  onFiles?: (day: DayKey, files: File[]) => void,
) {
  const [over, setOver] = useState(false);
  if (!onDrop) return { over: false, handlers: {} };
  const accepts = (e: DragEvent) => {
    const types = [...e.dataTransfer.types];
    return carriesAsset(types) || (onFiles !== undefined && carriesFiles(types));
  };
  return {
    over,
    handlers: {
      onDragOver: (e: DragEvent) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        if (!over) setOver(true);
      },
      onDragLeave: (e: DragEvent) => {
        // Moving onto a chip inside the day is not leaving it.
        if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
        setOver(false);
      },
      onDrop: (e: DragEvent) => {
        if (!accepts(e)) return;
        e.preventDefault();
        setOver(false);
        const asset = droppedAsset(e.dataTransfer);
        if (asset) onDrop(day, asset);
        else if (onFiles && e.dataTransfer.files.length > 0) onFiles(day, [...e.dataTransfer.files]);
      },
    },
  };
}
