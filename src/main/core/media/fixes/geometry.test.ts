import { describe, expect, it } from 'vitest';
import { AppException } from '../../errors';
import { checkFocus, cropWindow, fitInside, padCanvas, parseRatio, sameShape, targetRatio } from './geometry';
import { progressOf } from './ffmpeg-job';
import { fixedName } from './fix-checks';

const words = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    if (e instanceof AppException) return e.message;
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('ratios', () => {
  it.each([
    ['4:5', 0.8],
    ['1.91:1', 1.91],
    ['16x9', 16 / 9],
    [' 9 / 16 ', 9 / 16],
  ])('reads %s', (text, value) => expect(parseRatio(text).value).toBeCloseTo(value, 10));

  it.each([
    ['0:0', /zero side/],
    ['4:0', /zero side/],
    ['100000:1', /too extreme/],
    ['1:17', /too extreme/],
    ['wide', /not a ratio/],
    ['-4:5', /not a ratio/],
  ])('refuses %s in words', (text, expected) => expect(words(() => parseRatio(text))).toMatch(expected));

  it('takes the ratio of an exact size and refuses one that disagrees with the ratio asked', () => {
    expect(targetRatio(undefined, { width: 1080, height: 1350 }).value).toBe(0.8);
    expect(targetRatio('4:5', { width: 1080, height: 1350 }).label).toBe('4:5');
    expect(words(() => targetRatio('1:1', { width: 1080, height: 1350 }))).toMatch(/is not 1:1/);
    expect(words(() => targetRatio(undefined, undefined))).toMatch(/Give a ratio/);
    expect(words(() => targetRatio(undefined, { width: 16_000, height: 16_000 }))).toMatch(/too large/);
  });
});

describe('focus', () => {
  it('defaults to the middle and refuses a point outside 0..1', () => {
    expect(checkFocus(undefined)).toEqual({ x: 0.5, y: 0.5 });
    expect(words(() => checkFocus({ x: -0.1, y: 0.5 }))).toMatch(/outside the picture/);
    expect(words(() => checkFocus({ x: 0.5, y: Number.NaN }))).toMatch(/outside the picture/);
  });
});

describe('windows and canvases', () => {
  it('crops the largest window of the ratio, centred on the focus and clamped inside', () => {
    expect(cropWindow({ width: 4000, height: 1000 }, 0.8, { x: 0.5, y: 0.5 })).toEqual({
      left: 1600,
      top: 0,
      width: 800,
      height: 1000,
    });
    expect(cropWindow({ width: 4000, height: 1000 }, 0.8, { x: 0, y: 0.5 })).toEqual({
      left: 0,
      top: 0,
      width: 800,
      height: 1000,
    });
    expect(cropWindow({ width: 4000, height: 1000 }, 0.8, { x: 1, y: 0 })).toEqual({
      left: 3200,
      top: 0,
      width: 800,
      height: 1000,
    });
    expect(cropWindow({ width: 1000, height: 4000 }, 1.91, { x: 0.5, y: 0.9 })).toEqual({
      left: 0,
      top: 3338,
      width: 1000,
      height: 524,
    });
    // Video: even sides.
    expect(cropWindow({ width: 320, height: 240 }, 9 / 16, { x: 0.5, y: 0.5 }, true)).toMatchObject({
      width: 134,
      height: 240,
    });
  });

  it('pads to the smallest canvas of the ratio with the picture centred', () => {
    expect(padCanvas({ width: 4000, height: 1000 }, 0.8)).toEqual({
      canvas: { width: 4000, height: 5000 },
      at: { left: 0, top: 2000 },
    });
    expect(padCanvas({ width: 300, height: 300 }, 16 / 9)).toEqual({
      canvas: { width: 533, height: 300 },
      at: { left: 116, top: 0 },
    });
    expect(padCanvas({ width: 320, height: 240 }, 9 / 16, true).canvas).toEqual({ width: 320, height: 570 });
  });

  it('fits inside limits without enlarging', () => {
    expect(fitInside({ width: 6000, height: 4000 }, 1080)).toEqual({ width: 1080, height: 720 });
    expect(fitInside({ width: 6000, height: 4000 }, 1080, 500)).toEqual({ width: 750, height: 500 });
    expect(fitInside({ width: 600, height: 400 }, 1080, 1080)).toEqual({ width: 600, height: 400 });
  });

  it('knows a shape already at the ratio', () => {
    expect(sameShape({ width: 1080, height: 1350 }, 0.8)).toBe(true);
    expect(sameShape({ width: 1080, height: 1080 }, 0.8)).toBe(false);
  });
});

describe('ffmpeg progress and names', () => {
  it('reads out_time as the fraction done', () => {
    expect(progressOf('out_time_us=15000000', 30_000)).toBe(0.5);
    expect(progressOf('out_time_ms=45000000', 30_000)).toBe(1);
    expect(progressOf('frame=12', 30_000)).toBeNull();
    expect(progressOf('out_time_us=1000', null)).toBeNull();
  });

  it('names the new asset after its source and the operation', () => {
    expect(fixedName('beach.jpg', 'crop', '4:5', 'jpg')).toBe('beach-crop-4x5.jpg');
    expect(fixedName('clip.final.mov', 'trim', '59.9s', 'mov')).toBe('clip.final-trim-59.9s.mov');
  });
});
