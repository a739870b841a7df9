import { useRef, useState, type DragEvent } from 'react';
import { captureDrop, type Dropped } from './dropped-files';

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/**
 * Drop targets for files and folders from the OS; `dragging` drives the overlay. File drags are
 * always claimed (a browser would otherwise open the file in place of Atelier), but only taken
 * while `enabled` (not during another import).
 */
export function useFileDrop(onDrop: (dropped: Dropped) => void, enabled = true) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the pointer really left.
  const depth = useRef(0);

  const handlers = {
    onDragEnter: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth.current += 1;
      setDragging(enabled);
    },
    onDragOver: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
    },
    onDragLeave: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setDragging(false);
      if (enabled) onDrop(captureDrop(e.dataTransfer));
    },
  };
  return { dragging, handlers };
}
