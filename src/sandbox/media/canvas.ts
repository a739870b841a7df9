import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './bitmap-font';

export type Rgb = [number, number, number];

/** A packed RGB raster that sharp and ffmpeg (rgb24) both take as is. */
export class Canvas {
  readonly data: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 3);
  }

  clone(): Canvas {
    const copy = new Canvas(this.width, this.height);
    this.data.copy(copy.data);
    return copy;
  }

  /** Blends a colour into one pixel; alpha 1 paints over. */
  blend(x: number, y: number, [r, g, b]: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    const d = this.data;
    d[i] = Math.round((d[i] ?? 0) * (1 - alpha) + r * alpha);
    d[i + 1] = Math.round((d[i + 1] ?? 0) * (1 - alpha) + g * alpha);
    d[i + 2] = Math.round((d[i + 2] ?? 0) * (1 - alpha) + b * alpha);
  }

  verticalGradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      const t = this.height > 1 ? y / (this.height - 1) : 0;
      const row: Rgb = [0, 1, 2].map((c) => Math.round(top[c]! * (1 - t) + bottom[c]! * t)) as Rgb;
      for (let x = 0; x < this.width; x++) this.blend(x, y, row);
    }
  }

  rect(x0: number, y0: number, w: number, h: number, colour: Rgb, alpha = 1): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x0 + w); x++) this.blend(x, y, colour, alpha);
    }
  }

  circle(cx: number, cy: number, radius: number, colour: Rgb, alpha = 1): void {
    const r2 = radius * radius;
    for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
      for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r2) this.blend(x, y, colour, alpha);
      }
    }
  }

  /** Draws one line of text with its top-left corner at (x, y), each font pixel scale×scale. */
  text(x: number, y: number, line: string, scale: number, colour: Rgb): void {
    let penX = x;
    for (const char of line) {
      glyph(char).forEach((row, gy) =>
        row.forEach((ink, gx) => {
          if (ink) this.rect(penX + gx * scale, y + gy * scale, scale, scale, colour);
        }),
      );
      penX += (GLYPH_WIDTH + 1) * scale;
    }
  }
}

/** Pixel width of a line of text at a scale. */
export function textWidth(line: string, scale: number): number {
  return line.length === 0 ? 0 : (line.length * (GLYPH_WIDTH + 1) - 1) * scale;
}

export const LINE_HEIGHT = GLYPH_HEIGHT + 3;

/** Greedy word wrap to at most maxChars per line, cutting words longer than a line. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > maxChars) {
      if (current) lines.push(current);
      lines.push(rest.slice(0, maxChars));
      rest = rest.slice(maxChars);
      current = '';
    }
    if (!current) current = rest;
    else if (current.length + 1 + rest.length <= maxChars) current += ` ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current) lines.push(current);
  return lines;
}
