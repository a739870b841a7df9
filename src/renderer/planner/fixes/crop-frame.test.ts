import { describe, expect, it } from 'vitest';
import { clampFocus, focusAfterDrag, focusAfterKey, frameBox, ratioAllowed, ratioValue } from './crop-frame';

const range = { min: { label: '4:5', value: 0.8 }, max: { label: '1.91:1', value: 1.91 } };

describe('crop frame geometry', () => {
  it('reads ratios written as width:height and refuses anything else', () => {
    expect(ratioValue('4:5')).toBe(0.8);
    expect(ratioValue('1.91:1')).toBe(1.91);
    expect(ratioValue('16:9')).toBeCloseTo(16 / 9);
    expect(ratioValue('0:5')).toBeNull();
    expect(ratioValue('wide')).toBeNull();
  });

  it('draws the largest frame of the ratio, full height on a wide picture and full width on a tall one', () => {
    expect(frameBox(4, 0.8, { x: 0.5, y: 0.5 })).toEqual({ left: 0.4, top: 0, width: 0.2, height: 1 });
    expect(frameBox(0.5, 1, { x: 0.5, y: 0.5 })).toEqual({ left: 0, top: 0.25, width: 1, height: 0.5 });
    expect(frameBox(1, 1, { x: 0.9, y: 0.1 })).toEqual({ left: 0, top: 0, width: 1, height: 1 });
  });

  it('keeps the focus inside the picture, so the frame never leaves it', () => {
    expect(clampFocus({ x: 0, y: 0 }, 4, 0.8)).toEqual({ x: 0.1, y: 0.5 });
    expect(clampFocus({ x: 2, y: -1 }, 4, 0.8)).toEqual({ x: 0.9, y: 0.5 });
    expect(clampFocus({ x: Number.NaN, y: 0.5 }, 4, 0.8)).toEqual({ x: 0.5, y: 0.5 });
    const edge = frameBox(4, 0.8, { x: 1, y: 1 });
    expect(edge.left + edge.width).toBeCloseTo(1);
    expect(edge.top).toBe(0);
  });

  it('moves the focus by a step per arrow key (ten with Shift), stopping at the edges', () => {
    const middle = { x: 0.5, y: 0.5 };
    expect(focusAfterKey('ArrowRight', false, middle, 4, 0.8)).toEqual({ x: 0.51, y: 0.5 });
    expect(focusAfterKey('ArrowLeft', true, middle, 4, 0.8)).toEqual({ x: 0.4, y: 0.5 });
    expect(focusAfterKey('ArrowDown', false, middle, 4, 0.8)).toEqual(middle);
    expect(focusAfterKey('ArrowUp', false, middle, 0.5, 1)).toEqual({ x: 0.5, y: 0.49 });
    expect(focusAfterKey('ArrowLeft', false, { x: 0.1, y: 0.5 }, 4, 0.8)).toEqual({ x: 0.1, y: 0.5 });
    expect(focusAfterKey('Enter', false, middle, 4, 0.8)).toBeNull();
  });

  it('follows a drag in screen pixels over the picture as drawn, clamped', () => {
    const drawn = { width: 400, height: 100 };
    expect(focusAfterDrag({ x: 0.5, y: 0.5 }, { dx: 40, dy: 30 }, drawn, 4, 0.8)).toEqual({ x: 0.6, y: 0.5 });
    expect(focusAfterDrag({ x: 0.5, y: 0.5 }, { dx: -400, dy: 0 }, drawn, 4, 0.8)).toEqual({ x: 0.1, y: 0.5 });
    expect(focusAfterDrag({ x: 0.5, y: 0.5 }, { dx: 10, dy: 0 }, { width: 0, height: 0 }, 4, 0.8)).toEqual({
      x: 0.5,
      y: 0.5,
    });
  });

  it('marks a ratio outside the network’s range, with 1% leeway', () => {
    expect(ratioAllowed(1, range)).toBe(true);
    expect(ratioAllowed(1.9, range)).toBe(true);
    expect(ratioAllowed(16 / 9, range)).toBe(true);
    expect(ratioAllowed(9 / 16, range)).toBe(false);
    expect(ratioAllowed(4, range)).toBe(false);
    expect(ratioAllowed(9 / 16, { min: null, max: null })).toBe(true);
  });
});
