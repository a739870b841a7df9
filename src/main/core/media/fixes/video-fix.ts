import { z } from 'zod';
import type { PadBackground } from '../../../../shared/media-fix';
import { fail } from '../../errors';
import { ffmpegInput } from '../probe';
import { runTool } from '../run-tool';
import { cropWindow, even, fitInside, padCanvas, type Size } from './geometry';

/** What a video fix knows of its source: the file, its size as shown, its length and its container's extension. */
export interface SourceVideo {
  file: string;
  size: Size;
  durationMs: number;
  ext: string;
}

/** One ffmpeg run that makes the new file: its arguments after the input, the output's extension, and its length. */
export interface VideoPlan {
  args: string[];
  ext: string;
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
const mp4 = (filter: string[], outputMs: number, params: Record<string, unknown>): VideoPlan => ({
  args: [...STREAMS, ...filter, ...ENCODE, '-movflags', '+faststart'],
  ext: 'mp4',
  outputMs,
  params,
});
const scaleTo = (size?: Size) => (size ? `,scale=${even(size.width)}:${even(size.height)},setsar=1` : '');

export function cropVideo(source: SourceVideo, ratio: number, focus: { x: number; y: number }, size?: Size): VideoPlan {
  const w = cropWindow(source.size, ratio, focus, true);
  const filter = `crop=${w.width}:${w.height}:${w.left}:${w.top}${scaleTo(size)}`;
  return mp4(['-vf', filter], source.durationMs, { window: w, focus, ...(size && { size }) });
}

export function padVideo(source: SourceVideo, ratio: number, background: PadBackground, size?: Size): VideoPlan {
  const { canvas, at } = padCanvas(source.size, ratio, true);
  const { width: W, height: H } = canvas;
  const params = { canvas, at, background, ...(size && { size }) };
  if (background.kind === 'color') {
    const color = `0x${background.color.slice(1)}`;
    return mp4(['-vf', `pad=${W}:${H}:${at.left}:${at.top}:color=${color}${scaleTo(size)}`], source.durationMs, params);
  }
  // The background is the picture itself, enlarged to cover the canvas and blurred; the picture sits on it.
  const graph =
    `[0:v]split=2[bg][fg];[bg]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},boxblur=20:2[b];` +
    `[b][fg]overlay=${at.left}:${at.top}${scaleTo(size)}[v]`;
  return {
    args: ['-filter_complex', graph, '-map', '[v]', '-map', '0:a:0?', ...ENCODE, '-movflags', '+faststart'],
    ext: 'mp4',
    outputMs: source.durationMs,
    params,
  };
}

export function resizeVideo(source: SourceVideo, maxWidth?: number, maxHeight?: number): VideoPlan {
  const fit = fitInside(source.size, maxWidth, maxHeight);
  const size = { width: even(fit.width), height: even(fit.height) };
  return mp4(['-vf', `scale=${size.width}:${size.height},setsar=1`], source.durationMs, { maxWidth, maxHeight, size });
}

/** Cut exactly at the limit (re-encoded). */
export function trimExact(source: SourceVideo, maxMs: number): VideoPlan {
  return mp4(['-t', seconds(maxMs)], maxMs, { maxDurationMs: maxMs, mode: 'reencode', cutMs: maxMs });
}

/** Copied as it is up to `cutMs` (a keyframe): nothing is re-encoded, so quality is untouched and it is fast. */
export function trimAtKeyframe(source: SourceVideo, maxMs: number, cutMs: number): VideoPlan {
  return {
    args: [...STREAMS, '-t', seconds(cutMs), '-c', 'copy', '-avoid_negative_ts', 'make_zero'],
    ext: source.ext,
    outputMs: cutMs,
    params: { maxDurationMs: maxMs, mode: 'keyframe', cutMs },
  };
}

const PacketsJson = z.object({
  packets: z.array(z.object({ pts_time: z.string().optional(), flags: z.string().optional() })).default([]),
  format: z.object({ start_time: z.string().optional() }).optional(),
});

/**
 * The last keyframe at or before `maxMs` (from the start of the file), read from the packets' flags up to
 * the limit only (nothing is decoded). Null when the only keyframe before the limit is the first frame.
 */
export async function keyframeCut(
  ffprobe: string,
  file: string,
  maxMs: number,
  signal?: AbortSignal,
): Promise<number | null> {
  const args = ['-v', 'error', '-select_streams', 'v:0', '-read_intervals', `%+${seconds(maxMs + 2000)}`];
  args.push('-show_entries', 'packet=pts_time,flags:format=start_time', '-of', 'json', ffmpegInput(file));
  const { stdout } = await runTool(ffprobe, args, {
    timeoutMs: 60_000,
    maxBytes: 256 * 1024 * 1024,
    ...(signal && { signal }),
  });
  const parsed = PacketsJson.safeParse(JSON.parse(stdout.toString('utf8')));
  if (!parsed.success) fail('validation', 'This video’s keyframes could not be read, so it was not trimmed.');
  const start = Number(parsed.data.format?.start_time ?? 0) || 0;
  let best: number | null = null;
  for (const p of parsed.data.packets) {
    if (!p.flags?.startsWith('K') || p.pts_time === undefined) continue;
    const at = Math.round((Number(p.pts_time) - start) * 1000);
    if (Number.isFinite(at) && at > 0 && at <= maxMs && (best === null || at > best)) best = at;
  }
  return best;
}
