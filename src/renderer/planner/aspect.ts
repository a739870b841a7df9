import type { AspectRatio } from './fields';

/** "4:5" as the CSS aspect-ratio "4 / 5". */
export const cssAspect = (ratio: AspectRatio): string => ratio.replace(':', ' / ');

/** The preview's width so that it fits `maxHeight` in its ratio: "min(100%, 236px)" for 9:16 under 420px. */
export function previewWidth(ratio: AspectRatio, maxHeight: number): string {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return `min(100%, ${Math.round((maxHeight * w) / h)}px)`;
}

export const aspectLabels: Record<AspectRatio, string> = {
  '1:1': 'Square (1:1)',
  '4:5': 'Portrait (4:5)',
  '16:9': 'Landscape (16:9)',
  '9:16': 'Vertical (9:16)',
  '3:2': 'Photo landscape (3:2)',
  '2:3': 'Photo portrait (2:3)',
};
