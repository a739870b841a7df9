import { z } from 'zod';

// Only what we read; ffprobe prints numbers as strings and "N/A" where it does not know.
const Stream = z.object({
  codec_type: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.union([z.number(), z.string()]).optional() })).optional(),
});

const Output = z.object({
  streams: z.array(Stream).optional(),
  format: z.object({ duration: z.string().optional() }).optional(),
});

export interface ProbedDimensions {
  width?: number;
  height?: number;
  durationMs?: number;
  /** Frames per second of the picture (a video's), when ffprobe knows it. */
  fps?: number;
}

/** "30000/1001" → 29.97; "0/0", "N/A" and nonsense → undefined. */
function rate(value: string | undefined): number | undefined {
  const [num, den = '1'] = (value ?? '').split('/');
  const fps = Number(num) / Number(den);
  return Number.isFinite(fps) && fps > 0 && fps < 10_000 ? Math.round(fps * 1000) / 1000 : undefined;
}

function seconds(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) : undefined;
}

/** Degrees the player turns the picture (phones record portrait as rotated landscape). */
function rotation(stream: z.infer<typeof Stream>): number {
  const fromSideData = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const value = Number(fromSideData ?? stream.tags?.rotate ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/** Dimensions as displayed and duration from `ffprobe -print_format json -show_format -show_streams`. */
export function parseFfprobeOutput(json: string, kind: 'video' | 'audio' | 'image'): ProbedDimensions {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  const parsed = Output.safeParse(raw);
  if (!parsed.success) return {};
  const streams = parsed.data.streams ?? [];
  const result: ProbedDimensions = {};
  const durationMs =
    seconds(parsed.data.format?.duration) ??
    streams.map((s) => seconds(s.duration)).find((d): d is number => d !== undefined);
  if (durationMs !== undefined && kind !== 'image') result.durationMs = durationMs;
  if (kind === 'audio') return result;
  // Cover art inside a video file is a "video" stream too; it is not the picture we want.
  const picture = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  if (picture?.width && picture.height) {
    const turned = Math.abs(rotation(picture)) % 180 === 90;
    result.width = turned ? picture.height : picture.width;
    result.height = turned ? picture.width : picture.height;
    // The average rate is what plays; the base rate stands in where a file gives no average.
    const fps = kind === 'video' ? (rate(picture.avg_frame_rate) ?? rate(picture.r_frame_rate)) : undefined;
    if (fps !== undefined) result.fps = fps;
  }
  return result;
}

/**
 * Which kinds of stream the file holds (cover art does not count as video), or null when
 * ffprobe's output is not what it prints for a readable file.
 */
export function streamKinds(json: string): { video: boolean; audio: boolean } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = Output.safeParse(raw);
  if (!parsed.success) return null;
  const streams = parsed.data.streams ?? [];
  return {
    video: streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic),
    audio: streams.some((s) => s.codec_type === 'audio'),
  };
}
