import { fail } from '../../errors';

/** A ratio as asked (`4:5`) and as a number (0.8). */
export interface Ratio {
  label: string;
  value: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  left: number;
  top: number;
}

/** The widest and the tallest ratio taken: beyond them a crop or a pad is almost surely a typing slip. */
export const MAX_RATIO = 16;

/** The most pixels a fix may make (100 MP): beyond it a typed size would exhaust memory, not make a picture. */
export const MAX_OUTPUT_PIXELS = 100_000_000;

const RATIO_FORM = /^\s*(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)\s*$/;

/** `4:5`, `1.91:1` (also `4x5`, `4/5`) as a number; anything else, 0 or out of range is refused in words. */
export function parseRatio(text: string): Ratio {
  const match = RATIO_FORM.exec(text);
  if (!match) fail('validation', `"${text}" is not a ratio; write it as width:height, such as 4:5 or 1.91:1.`);
  const w = Number(match[1]);
  const h = Number(match[2]);
  if (!(w > 0 && h > 0)) fail('validation', `The ratio ${text.trim()} has a zero side; both sides must be above 0.`);
  const value = w / h;
  if (value > MAX_RATIO || value < 1 / MAX_RATIO)
    fail(
      'validation',
      `The ratio ${text.trim()} is too extreme; ratios from 1:${MAX_RATIO} to ${MAX_RATIO}:1 are taken.`,
    );
  return { label: `${match[1]}:${match[2]}`, value };
}

/** The ratio of an exact size, or the one asked; both given must agree (within 1 %). */
export function targetRatio(ratio: string | undefined, size: Size | undefined): Ratio {
  if (!ratio && !size) fail('validation', 'Give a ratio (such as 4:5) or an exact size.');
  if (size && size.width * size.height > MAX_OUTPUT_PIXELS)
    fail('validation', `The size ${size.width}×${size.height} is too large; a fix makes at most 100 megapixels.`);
  const fromSize = size ? { label: `${size.width}:${size.height}`, value: size.width / size.height } : null;
  if (fromSize && (fromSize.value > MAX_RATIO || fromSize.value < 1 / MAX_RATIO))
    fail('validation', `The size ${size?.width}×${size?.height} is too extreme a shape.`);
  if (!ratio) return fromSize as Ratio;
  const asked = parseRatio(ratio);
  if (fromSize && Math.abs(fromSize.value / asked.value - 1) > 0.01)
    fail('validation', `The size ${size?.width}×${size?.height} is not ${asked.label}; give one or make them agree.`);
  return asked;
}

/** The focus point, checked: each of x and y from 0 to 1. */
export function checkFocus(focus: { x: number; y: number } | undefined): { x: number; y: number } {
  const f = focus ?? { x: 0.5, y: 0.5 };
  const inside = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;
  if (!inside(f.x) || !inside(f.y))
    fail('validation', `The focus point (${f.x}, ${f.y}) is outside the picture; x and y go from 0 to 1.`);
  return f;
}

/** Rounds down to an even number, at least 2 (video encoders want even sides). */
export const even = (n: number): number => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The largest window of `ratio` inside `source`, centred on `focus` as far as the edges allow
 * (clamped inside). `evenSides` for video.
 */
export function cropWindow(source: Size, ratio: number, focus: { x: number; y: number }, evenSides = false): Rect {
  let width = source.width;
  let height = source.height;
  if (source.width / source.height > ratio) width = Math.round(source.height * ratio);
  else height = Math.round(source.width / ratio);
  width = Math.max(1, Math.min(width, source.width));
  height = Math.max(1, Math.min(height, source.height));
  if (evenSides) {
    width = Math.min(even(width), even(source.width));
    height = Math.min(even(height), even(source.height));
  }
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  const left = clamp(Math.round(focus.x * source.width - width / 2), source.width - width);
  const top = clamp(Math.round(focus.y * source.height - height / 2), source.height - height);
  return { left, top, width, height };
}

/** The smallest canvas of `ratio` holding `source`, and where the source sits on it (centred). */
export function padCanvas(
  source: Size,
  ratio: number,
  evenSides = false,
): { canvas: Size; at: { left: number; top: number } } {
  let width = source.width;
  let height = source.height;
  if (source.width / source.height > ratio) height = Math.round(source.width / ratio);
  else width = Math.round(source.height * ratio);
  width = Math.max(width, source.width);
  height = Math.max(height, source.height);
  if (evenSides) {
    width = even(width + 1);
    height = even(height + 1);
  }
  return {
    canvas: { width, height },
    at: { left: Math.floor((width - source.width) / 2), top: Math.floor((height - source.height) / 2) },
  };
}

/** The size that fits inside the limits keeping the shape, never enlarged. */
export function fitInside(source: Size, maxWidth?: number, maxHeight?: number): Size {
  const scale = Math.min(1, (maxWidth ?? Infinity) / source.width, (maxHeight ?? Infinity) / source.height);
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

/** Whether two ratios are the same shape at pixel precision (so a crop or pad would change nothing). */
export function sameShape(size: Size, ratio: number): boolean {
  return Math.abs(size.width / size.height - ratio) <= 1 / Math.min(size.width, size.height);
}
