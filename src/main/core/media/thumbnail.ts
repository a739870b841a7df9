import sharp from 'sharp';
import { detectMediaType, type MediaKind, SHARP_DECODES } from './media-kind';
import { type MediaTools } from './media-tools';
import { ffmpegInput, probeMedia } from './probe';
import { runTool } from './run-tool';

export type Thumbnail =
  | { state: 'ready'; data: Buffer; mime: 'image/webp'; width: number; height: number }
  | { state: 'placeholder'; reason: 'no-ffmpeg' | 'audio' | 'unsupported' | 'unreadable' };

export interface ThumbnailOptions {
  /** Longest side in pixels (default 320). */
  size?: number;
  /** The video's duration if already probed, to pick the poster time without asking ffprobe again. */
  durationMs?: number;
  /** Longest ffmpeg/ffprobe may take (default 20 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_SIZE = 320;

/** Fit inside size×size, upright per EXIF, first frame of animations, webp. */
async function toWebp(input: string | Buffer, size: number): Promise<Thumbnail> {
  const { data, info } = await sharp(input, { failOn: 'none' })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { state: 'ready', data, mime: 'image/webp', width: info.width, height: info.height };
}

/**
 * When to take the poster frame: 10% in, but at least 1 s to skip fade-ins, and never past
 * the middle of a short clip; 1 s when the duration is unknown.
 */
export function posterTimeMs(durationMs: number | undefined): number {
  if (durationMs === undefined || durationMs <= 0) return 1000;
  return Math.min(Math.max(1000, durationMs * 0.1), durationMs / 2);
}

/** One frame as PNG on stdout, already scaled near the target so a 4K frame is not piped whole. */
async function grabFrame(
  ffmpeg: string,
  file: string,
  atMs: number,
  size: number,
  options: ThumbnailOptions,
): Promise<Buffer> {
  const bound = size * 2;
  const { stdout } = await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-ss',
      (atMs / 1000).toFixed(3),
      '-i',
      ffmpegInput(file),
      '-frames:v',
      '1',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      `scale='min(${bound},iw)':'min(${bound},ih)':force_original_aspect_ratio=decrease`,
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ],
    { timeoutMs: options.timeoutMs ?? 20_000, signal: options.signal },
  );
  return stdout;
}

async function videoThumbnail(
  file: string,
  tools: MediaTools,
  size: number,
  options: ThumbnailOptions,
): Promise<Thumbnail> {
  if (!tools.ffmpeg) return { state: 'placeholder', reason: 'no-ffmpeg' };
  const durationMs = options.durationMs ?? (await probeMedia(file, 'video', tools, options)).durationMs;
  try {
    let frame = await grabFrame(tools.ffmpeg, file, posterTimeMs(durationMs), size, options);
    // A seek past the last frame (duration unknown or wrong) gives no output: take the first frame.
    if (frame.length === 0) frame = await grabFrame(tools.ffmpeg, file, 0, size, options);
    if (frame.length === 0) return { state: 'placeholder', reason: 'unreadable' };
    return await toWebp(frame, size);
  } catch {
    return { state: 'placeholder', reason: 'unreadable' };
  }
}

async function failureReason(file: string): Promise<'unsupported' | 'unreadable'> {
  return SHARP_DECODES.has((await detectMediaType(file)).mime) ? 'unreadable' : 'unsupported';
}

async function imageThumbnail(
  file: string,
  tools: MediaTools,
  size: number,
  options: ThumbnailOptions,
): Promise<Thumbnail> {
  try {
    return await toWebp(file, size);
  } catch {
    // sharp's build cannot decode everything (HEIC); ffmpeg often can.
    if (tools.ffmpeg) {
      try {
        const frame = await grabFrame(tools.ffmpeg, file, 0, size, options);
        if (frame.length > 0) return await toWebp(frame, size);
      } catch {
        // Fall through to the placeholder.
      }
    }
    return { state: 'placeholder', reason: await failureReason(file) };
  }
}

/** The preview of a picture already in memory (one a fix just encoded); a placeholder if it cannot be decoded. */
export function imageBufferThumbnail(data: Buffer, size = DEFAULT_SIZE): Promise<Thumbnail> {
  return toWebp(data, size).catch((): Thumbnail => ({ state: 'placeholder', reason: 'unreadable' }));
}

/**
 * A small webp preview for the library grid, or the reason there is none (the UI then shows an
 * icon). Never throws for a bad file, and child processes are killed after a timeout.
 */
export async function makeThumbnail(
  file: string,
  kind: MediaKind,
  tools: MediaTools,
  options: ThumbnailOptions = {},
): Promise<Thumbnail> {
  const size = options.size ?? DEFAULT_SIZE;
  switch (kind) {
    case 'image':
      return imageThumbnail(file, tools, size, options);
    case 'video':
      return videoThumbnail(file, tools, size, options);
    case 'audio':
      return { state: 'placeholder', reason: 'audio' };
    case 'other':
      return { state: 'placeholder', reason: 'unsupported' };
  }
}
