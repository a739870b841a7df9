import sharp from 'sharp';
import type { Rgb } from './canvas';
import { brightness } from './colours';
import { InvalidMediaError } from './errors';

export interface ImageSummary {
  width: number;
  height: number;
  format: string;
  channels: number;
  hasAlpha: boolean;
  dominant: Rgb;
  mean: Rgb;
  brightness: number;
  /** Shannon entropy of the greyscale histogram, 0..8 bits: low for flat images, high for busy ones. */
  entropy: number;
}

/** Opens an image with sharp, turning decoder errors into InvalidMediaError. */
export async function decodeImage(data: Buffer): Promise<ReturnType<typeof sharp>> {
  const image = sharp(data, { failOn: 'error' });
  try {
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
  } catch (error) {
    throw new InvalidMediaError(`input is not a decodable image (${(error as Error).message})`);
  }
  return image;
}

export async function summariseImage(data: Buffer): Promise<ImageSummary> {
  const image = await decodeImage(data);
  const meta = await image.metadata();
  const stats = await image.stats();
  const channel = (i: number) => stats.channels[Math.min(i, stats.channels.length - 1)]?.mean ?? 0;
  const grey = stats.channels.length < 3;
  const mean: Rgb = grey ? [channel(0), channel(0), channel(0)] : [channel(0), channel(1), channel(2)];
  const dominant: Rgb = [stats.dominant.r, stats.dominant.g, stats.dominant.b];
  return {
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    format: meta.format ?? 'unknown',
    channels: meta.channels ?? stats.channels.length,
    hasAlpha: meta.hasAlpha ?? false,
    dominant,
    mean: mean.map(Math.round) as Rgb,
    brightness: brightness(mean),
    entropy: stats.entropy,
  };
}
