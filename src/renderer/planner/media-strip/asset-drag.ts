import { z } from 'zod';

// A library asset carried by an HTML5 drag (the calendar's media strip, or any list that offers assets):
// its own type, so a day tells an asset from a post chip (dnd-kit, pointer events) or a file from the OS.

export const ASSET_DRAG_TYPE = 'application/x-atelier-asset';

/** What a dragged or picked asset brings: enough to attach it and to name it in words. */
export const DraggedAsset = z.object({ id: z.string().min(1).max(200), name: z.string().max(1000) });
export type DraggedAsset = z.infer<typeof DraggedAsset>;

/** Put the asset on a drag that is starting; a copy, since the library keeps it. */
export function setAssetDrag(data: DataTransfer, asset: DraggedAsset): void {
  data.setData(ASSET_DRAG_TYPE, JSON.stringify({ id: asset.id, name: asset.name }));
  data.effectAllowed = 'copy';
}

/** Whether a drag carries an asset (during dragover only the types can be read, not the data). */
export const carriesAsset = (types: readonly string[]): boolean => types.includes(ASSET_DRAG_TYPE);

/** Whether a drag carries files from the operating system. */
export const carriesFiles = (types: readonly string[]): boolean => types.includes('Files');

/** The asset a drop brings, or null when it brings none or something that is not one. */
export function droppedAsset(data: DataTransfer): DraggedAsset | null {
  const raw = data.getData(ASSET_DRAG_TYPE);
  if (raw === '') return null;
  try {
    const parsed = DraggedAsset.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
