import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { parseFfprobeOutput, type ProbedDimensions } from './ffprobe-output';
import { type MediaKind } from './media-kind';
import { type MediaTools } from './media-tools';
import { runTool } from './run-tool';

export type MediaProbe = ProbedDimensions;

export interface ProbeOptions {
  /** Longest ffprobe may take (default 15 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** ffmpeg's file protocol, so a name starting with "-" or containing "proto:" is read as a file. */
export function ffmpegInput(file: string): string {
  return `file:${path.resolve(file)}`;
}

/** Size as shown and, for an animation, its length, from what sharp read of an image's header. */
export function imageProbe(meta: Metadata): MediaProbe {
  // autoOrient gives the size as shown, after the EXIF rotation cameras record.
  const result: MediaProbe = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  const delays = meta.delay ?? [];
  if ((meta.pages ?? 1) > 1 && delays.length > 0) result.durationMs = delays.reduce((sum, d) => sum + d, 0);
  return result;
}

async function probeImage(file: string): Promise<MediaProbe | null> {
  try {
    return imageProbe(await sharp(file).metadata());
  } catch {
    return null;
  }
}

async function ffprobe(
  file: string,
  kind: 'video' | 'audio' | 'image',
  tool: string,
  options: ProbeOptions,
): Promise<MediaProbe> {
  try {
    const { stdout } = await runTool(
      tool,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ffmpegInput(file)],
      { timeoutMs: options.timeoutMs ?? 15_000, signal: options.signal },
    );
    return parseFfprobeOutput(stdout.toString('utf8'), kind);
  } catch {
    return {};
  }
}

/**
 * Width, height (as displayed) and duration of a media file. Never throws for a bad file: a
 * damaged or unknown file still imports, just with what could be learned (possibly nothing).
 */
export async function probeMedia(
  file: string,
  kind: MediaKind,
  tools: MediaTools,
  options: ProbeOptions = {},
): Promise<MediaProbe> {
  if (kind === 'image') {
    const fromSharp = await probeImage(file);
    if (fromSharp) return fromSharp;
    // Formats sharp's build lacks (HEIC) are often readable by ffprobe.
    return tools.ffprobe ? ffprobe(file, 'image', tools.ffprobe, options) : {};
  }
  if ((kind === 'video' || kind === 'audio') && tools.ffprobe) return ffprobe(file, kind, tools.ffprobe, options);
  return {};
}
