import type { Rgb } from './canvas';

// Names for describing colours in generated text; nearest by distance in RGB.
const NAMED: [string, Rgb][] = [
  ['black', [0, 0, 0]],
  ['white', [255, 255, 255]],
  ['grey', [128, 128, 128]],
  ['silver', [192, 192, 192]],
  ['red', [220, 40, 40]],
  ['maroon', [128, 0, 0]],
  ['orange', [255, 140, 0]],
  ['brown', [139, 90, 43]],
  ['yellow', [240, 220, 40]],
  ['olive', [128, 128, 0]],
  ['green', [40, 170, 60]],
  ['dark green', [0, 90, 30]],
  ['teal', [0, 128, 128]],
  ['cyan', [40, 220, 230]],
  ['blue', [40, 80, 220]],
  ['navy', [0, 0, 128]],
  ['purple', [128, 40, 160]],
  ['magenta', [230, 40, 200]],
  ['pink', [255, 170, 200]],
];

export function colourName(colour: Rgb): string {
  let best = NAMED[0] as [string, Rgb];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const entry of NAMED) {
    const d = entry[1].reduce((sum, v, i) => sum + (v - colour[i]!) ** 2, 0);
    if (d < bestDistance) {
      best = entry;
      bestDistance = d;
    }
  }
  return best[0];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

export function parseHex(hex: string): Rgb {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb;
}

/** Perceived brightness 0..1 (Rec. 601 weights). */
export function brightness([r, g, b]: Rgb): number {
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export function brightnessWord(value: number): string {
  if (value < 0.2) return 'very dark';
  if (value < 0.4) return 'dark';
  if (value < 0.6) return 'medium brightness';
  if (value < 0.8) return 'bright';
  return 'very bright';
}

/** A vivid colour from a hue in 0..1, for generated art. */
export function hueColour(hue: number, saturation = 0.65, lightness = 0.55): Rgb {
  const f = (n: number) => {
    const k = (n + hue * 12) % 12;
    const a = saturation * Math.min(lightness, 1 - lightness);
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
