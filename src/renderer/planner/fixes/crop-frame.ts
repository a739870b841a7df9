import type { Ratio } from '../../../shared/networks';

// The crop editor's geometry, in fractions of the picture (0 to 1 across and down), so it holds at any
// size the picture is drawn at. The core crops the same way: the largest window of the ratio, centred on
// the focus as far as the edges allow.

export interface Point {
  x: number;
  y: number;
}

/** The frame drawn over the picture, each side a fraction of the picture's. */
export interface FrameBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const RATIO_FORM = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/;

/** `4:5` → 0.8; null for anything that is not two positive numbers. */
export function ratioValue(label: string): number | null {
  const match = RATIO_FORM.exec(label);
  if (!match) return null;
  const value = Number(match[1]) / Number(match[2]);
  return Number.isFinite(value) && value > 0 ? value : null;
}

const clamp = (v: number, low: number, high: number) => Math.min(Math.max(v, low), high);
// Four decimals: finer than a pixel of any picture the core takes, and no 0.51000000001 in what is sent.
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** The frame's size as fractions of a picture of `imageRatio` (width / height): full on one side. */
function frameSize(imageRatio: number, ratio: number): { width: number; height: number } {
  return imageRatio > ratio ? { width: ratio / imageRatio, height: 1 } : { width: 1, height: imageRatio / ratio };
}

/** The focus moved inside, so the whole frame stays on the picture (a non-number counts as the middle). */
export function clampFocus(focus: Point, imageRatio: number, ratio: number): Point {
  const size = frameSize(imageRatio, ratio);
  const x = Number.isFinite(focus.x) ? focus.x : 0.5;
  const y = Number.isFinite(focus.y) ? focus.y : 0.5;
  return {
    x: round(clamp(x, size.width / 2, 1 - size.width / 2)),
    y: round(clamp(y, size.height / 2, 1 - size.height / 2)),
  };
}

/** Where the frame of `ratio` sits on a picture of `imageRatio`, centred on the (clamped) focus. */
export function frameBox(imageRatio: number, ratio: number, focus: Point): FrameBox {
  const size = frameSize(imageRatio, ratio);
  const centre = clampFocus(focus, imageRatio, ratio);
  return {
    left: round(centre.x - size.width / 2),
    top: round(centre.y - size.height / 2),
    width: round(size.width),
    height: round(size.height),
  };
}

/** How far one arrow key press moves the focus (Shift: ten times as far). */
export const STEP = 0.01;

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The focus after an arrow key (null for any other key), kept inside the picture. */
export function focusAfterKey(key: string, shift: boolean, focus: Point, imageRatio: number, ratio: number) {
  const move = ARROWS[key];
  if (!move) return null;
  const step = shift ? STEP * 10 : STEP;
  const from = clampFocus(focus, imageRatio, ratio);
  return clampFocus({ x: from.x + move.x * step, y: from.y + move.y * step }, imageRatio, ratio);
}

/** Whether a ratio is inside a network's range (1% either side, as the checks allow). */
export function ratioAllowed(value: number, range: { min: Ratio | null; max: Ratio | null }): boolean {
  if (range.max && value > range.max.value * 1.01) return false;
  return !(range.min && value < range.min.value * 0.99);
}

/** The focus after a drag of (dx, dy) screen pixels over a picture drawn `drawn` pixels large. */
export function focusAfterDrag(
  start: Point,
  delta: { dx: number; dy: number },
  drawn: { width: number; height: number },
  imageRatio: number,
  ratio: number,
): Point {
  if (!(drawn.width > 0 && drawn.height > 0)) return clampFocus(start, imageRatio, ratio);
  return clampFocus({ x: start.x + delta.dx / drawn.width, y: start.y + delta.dy / drawn.height }, imageRatio, ratio);
}

/** A stage's CSS width: as wide as the dialog allows, no taller than about half the window (tall gets narrower). */
export const stageWidth = (most: number, ratio: number) => `min(100%, ${most}px, ${Math.round(55 * ratio)}vh)`;
