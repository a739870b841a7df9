import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | null = null;

/** sharp loads libvips, a tenth of a second at start: it is loaded with the first picture instead. */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
