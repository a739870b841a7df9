import { Canvas, LINE_HEIGHT, type Rgb, textWidth, wrapText } from './canvas';
import { hueColour } from './colours';
import { GLYPH_WIDTH } from './bitmap-font';
import { seededRandom } from './seeded-random';

export type ArtStyle = 'paint' | 'mosaic';

export interface PromptArt {
  canvas: Canvas;
  palette: Rgb[];
}

/** Writes the prompt in a dark band at the bottom, so a result shows what it was made from. */
export function drawCaption(canvas: Canvas, prompt: string): void {
  const scale = Math.max(1, Math.floor(canvas.width / 150));
  const margin = 4 * scale;
  const maxChars = Math.max(1, Math.floor((canvas.width - 2 * margin + scale) / ((GLYPH_WIDTH + 1) * scale)));
  const maxLines = Math.max(1, Math.floor((canvas.height * 0.45) / (LINE_HEIGHT * scale)));
  let lines = wrapText(prompt, maxChars);
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    const last = lines[maxLines - 1] as string;
    lines[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 3))}...`;
  }
  const bandHeight = lines.length * LINE_HEIGHT * scale + 2 * margin;
  const top = canvas.height - bandHeight;
  canvas.rect(0, top, canvas.width, bandHeight, [0, 0, 0], 0.55);
  lines.forEach((line, i) => {
    const x = Math.floor((canvas.width - textWidth(line, scale)) / 2);
    canvas.text(x, top + margin + i * LINE_HEIGHT * scale + scale, line, scale, [255, 255, 255]);
  });
}

/** Deterministic art for a prompt: same prompt, size, seed and style give the same pixels. */
export function paintPrompt(
  prompt: string,
  options: { width: number; height: number; seed: number; style: ArtStyle; caption?: boolean },
): PromptArt {
  const { width, height, style } = options;
  const random = seededRandom('prompt-art', style, prompt, options.seed);
  const baseHue = random();
  const palette: Rgb[] = [
    hueColour(baseHue, 0.65, 0.6),
    hueColour((baseHue + 0.33) % 1, 0.6, 0.3),
    hueColour((baseHue + 0.6) % 1, 0.75, 0.55),
  ];
  const canvas = new Canvas(width, height);
  canvas.verticalGradient(palette[0] as Rgb, palette[1] as Rgb);
  if (style === 'paint') {
    const count = 3 + Math.floor(random() * 4);
    for (let i = 0; i < count; i++) {
      const radius = (0.08 + random() * 0.25) * Math.min(width, height);
      canvas.circle(random() * width, random() * height, radius, hueColour(random()), 0.45);
    }
  } else {
    const tile = Math.max(2, Math.ceil(width / 8));
    for (let y = 0; y < height; y += tile) {
      for (let x = 0; x < width; x += tile) {
        const colour = hueColour((baseHue + random() * 0.3) % 1, 0.5 + random() * 0.3, 0.3 + random() * 0.4);
        canvas.rect(x, y, tile, tile, colour);
      }
    }
  }
  if (options.caption !== false) drawCaption(canvas, prompt);
  return { canvas, palette };
}
