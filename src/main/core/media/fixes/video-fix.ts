import { z } from 'zod';
import type { PadBackground } from '../../../../shared/media-fix';
import { fail } from '../../errors';
import { ffmpegInput } from '../probe';
import { runTool } from '../run-tool';
import { mp4Keyframes, type Mp4Keyframe } from './mp4-index';
import { cropWindow, even, fitInside, padCanvas, type Size } from './geometry';

/** What a video fix knows of its source: the file, its size as shown, its length and its container's extension. */
export interface SourceVideo {
  file: string;
  size: Size;
  durationMs: number;
  /** The container's extension and type (a copied trim keeps them). */
  ext: string;
  mime: string;
}

/** One ffmpeg run that makes the new file: its arguments after the input, the output's extension, and its length. */
export interface VideoPlan {
  args: string[];
  ext: string;
  mime: string;
  /** The new video's size and length, known from the plan. */
  size: Size;
  outputMs: number;
  params: Record<string, unknown>;
}

/** The encoding of every re-encoded fix: H.264 and AAC in MP4, which every network takes. */
const ENCODE = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '20',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-b:a',
  '160k',
];
/** The picture and the first sound, if any (a data or subtitle track would not fit every container). */
const STREAMS = ['-map', '0:v:0', '-map', '0:a:0?'];

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const mp4 = (filter: string[], size: Size, outputMs: number, params: Record<string, unknown>): VideoPlan => ({
  args: [...STREAMS, ...filter, ...ENCODE, '-movflags', '+faststart'],
  ext: 'mp4',
  mime: 'video/mp4',
  size,
  outputMs,
  params,
});
const scaleTo = (size?: Size) => (size ? `,scale=${even(size.width)}:${even(size.height)},setsar=1` : '');
/** The size asked (to even sides), or the one the filter makes. */
const outputSize = (made: Size, size?: Size): Size =>
  size ? { width: even(size.width), height: even(size.height) } : { width: made.width, height: made.height };

export function cropVideo(source: SourceVideo, ratio: number, focus: { x: number; y: number }, size?: Size): VideoPlan {
  const w = cropWindow(source.size, ratio, focus, true);
  const filter = `crop=${w.width}:${w.height}:${w.left}:${w.top}${scaleTo(size)}`;
  return mp4(['-vf', filter], outputSize(w, size), source.durationMs, { window: w, focus, ...(size && { size }) });
}

export function padVideo(source: SourceVideo, ratio: number, background: PadBackground, size?: Size): VideoPlan {
  const { canvas, at } = padCanvas(source.size, ratio, true);
  const { width: W, height: H } = canvas;
  const params = { canvas, at, background, ...(size && { size }) };
  if (background.kind === 'color') {
    const color = `0x${background.color.slice(1)}`;
    const filter = `pad=${W}:${H}:${at.left}:${at.top}:color=${color}${scaleTo(size)}`;
    return mp4(['-vf', filter], outputSize(canvas, size), source.durationMs, params);
  }
  // The background is the picture itself, enlarged to cover the canvas and blurred; the picture sits on it.
  const graph =
    `[0:v]split=2[bg][fg];[bg]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},boxblur=20:2[b];` +
    `[b][fg]overlay=${at.left}:${at.top}${scaleTo(size)}[v]`;
  return {
    args: ['-filter_complex', graph, '-map', '[v]', '-map', '0:a:0?', ...ENCODE, '-movflags', '+faststart'],
    ext: 'mp4',
    mime: 'video/mp4',
    size: outputSize(canvas, size),
    outputMs: source.durationMs,
    params,
  };
}

export function resizeVideo(source: SourceVideo, maxWidth?: number, maxHeight?: number): VideoPlan {
  const fit = fitInside(source.size, maxWidth, maxHeight);
  const size = { width: even(fit.width), height: even(fit.height) };
  const params = { maxWidth, maxHeight, size };
  return mp4(['-vf', `scale=${size.width}:${size.height},setsar=1`], size, source.durationMs, params);
}

/** Cut exactly at the limit (re-encoded). */
export function trimExact(source: SourceVideo, maxMs: number): VideoPlan {
  return mp4(['-t', seconds(maxMs)], source.size, maxMs, { maxDurationMs: maxMs, mode: 'reencode', cutMs: maxMs });
}

/** Copied as it is up to `cutMs` (a keyframe): nothing is re-encoded, so quality is untouched and it is fast. */
export function trimAtKeyframe(source: SourceVideo, maxMs: number, cut: KeyframeCut): VideoPlan {
  const { cutMs } = cut;
  return {
    args: [...STREAMS, '-t', seconds(cut.copyMs), '-c', 'copy'],
    ext: source.ext,
    mime: source.mime,
    size: source.size,
    outputMs: cutMs,
    params: { maxDurationMs: maxMs, mode: 'keyframe', cutMs },
  };
}

/**
 * How far before the limit a copied cut must fall: the sound packet that starts before the cut is kept
 * whole and may end up to one frame (about 21 to 43 ms) after it.
 */
export const SOUND_MARGIN_MS = 50;

/**
 * Where a copied trim cuts: the keyframe's time as shown (`cutMs`, the new length) and as decoded
 * (`copyMs`): a copy stops by decoding order, and frames shown before a keyframe may be decoded after it
 * (B-frames), so stopping at `copyMs` keeps exactly the frames shown before the keyframe.
 */
export interface KeyframeCut {
  cutMs: number;
  copyMs: number;
}

const PacketsJson = z.object({
  packets: z
    .array(z.object({ pts_time: z.string().optional(), dts_time: z.string().optional(), flags: z.string().optional() }))
    .default([]),
  format: z.object({ start_time: z.string().optional() }).optional(),
});

/** The keyframes up to a little past `maxMs`, read by ffprobe from the packets' flags (nothing is decoded). */
export async function probeKeyframes(
  ffprobe: string,
  file: string,
  maxMs: number,
  signal?: AbortSignal,
): Promise<Mp4Keyframe[]> {
  const args = ['-v', 'error', '-select_streams', 'v:0', '-read_intervals', `%+${seconds(maxMs + 2000)}`];
  args.push('-show_entries', 'packet=pts_time,dts_time,flags:format=start_time', '-of', 'json', ffmpegInput(file));
  const damaged = (): never =>
    fail('validation', 'This video’s keyframes cannot be read (it may be damaged), so it was not trimmed.');
  let json: unknown;
  try {
    const run = { timeoutMs: 60_000, maxBytes: 256 * 1024 * 1024, ...(signal && { signal }) };
    json = JSON.parse((await runTool(ffprobe, args, run)).stdout.toString('utf8'));
  } catch {
    signal?.throwIfAborted();
    damaged();
  }
  const parsed = PacketsJson.safeParse(json);
  const data = parsed.success ? parsed.data : damaged();
  const start = Number(data.format?.start_time ?? 0) || 0;
  const keyframes: Mp4Keyframe[] = [];
  for (const p of data.packets) {
    if (!p.flags?.startsWith('K') || p.pts_time === undefined) continue;
    const pts = Number(p.pts_time) - start;
    keyframes.push({ pts, dts: p.dts_time === undefined ? pts : Number(p.dts_time) - start });
  }
  return keyframes;
}

/** The last keyframe shown at least SOUND_MARGIN_MS before `maxMs` and after the first frame, or null. */
export function pickCut(keyframes: readonly Mp4Keyframe[], maxMs: number): KeyframeCut | null {
  let best: KeyframeCut | null = null;
  for (const k of keyframes) {
    const at = Math.round(k.pts * 1000);
    const decodedAt = Math.round(k.dts * 1000);
    if (!Number.isFinite(at) || !Number.isFinite(decodedAt) || at <= 0 || decodedAt <= 0) continue;
    if (at <= maxMs - SOUND_MARGIN_MS && (best === null || at > best.cutMs)) best = { cutMs: at, copyMs: decodedAt };
  }
  return best;
}

/**
 * The last keyframe at or before `maxMs` (from the start of the file). An MP4 or QuickTime file's own
 * index says where they are (read here, no process started); other files, or an index this reader does
 * not follow, are asked of ffprobe. Null when the only keyframe before the limit is the first frame.
 */
export async function keyframeCut(
  ffprobe: string,
  file: string,
  maxMs: number,
  signal?: AbortSignal,
): Promise<KeyframeCut | null> {
  const indexed = await mp4Keyframes(file);
  signal?.throwIfAborted();
  return pickCut(indexed ?? (await probeKeyframes(ffprobe, file, maxMs, signal)), maxMs);
}
