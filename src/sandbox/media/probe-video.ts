import { InvalidMediaError } from './errors';
import { ToolFailedError } from './run-tool';
import type { MediaTools } from './tools';

export interface VideoSummary {
  container: string;
  durationS: number;
  width: number;
  height: number;
  fps: number;
  codec: string;
  hasAudio: boolean;
  audioCodec: string | null;
  sizeBytes: number;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
}

function rate(value: string | undefined): number {
  const [num, den] = (value ?? '0/1').split('/').map(Number);
  return num && den ? Math.round((num / den) * 100) / 100 : 0;
}

/** ffprobe over the loopback blob URL; anything without a video stream is not a video. */
export async function probeVideo(tools: MediaTools, data: Buffer, signal?: AbortSignal): Promise<VideoSummary> {
  const run = await tools
    .withUrl(data, (url) =>
      tools.ffprobe(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', url], { signal }),
    )
    .catch((error: unknown) => {
      if (error instanceof ToolFailedError) throw new InvalidMediaError('input is not a readable video file');
      throw error;
    });
  const parsed = JSON.parse(run.stdout.toString('utf8')) as {
    streams?: ProbeStream[];
    format?: { format_name?: string; duration?: string };
  };
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video || !video.width || !video.height) throw new InvalidMediaError('input has no video stream');
  const duration = Number(parsed.format?.duration ?? video.duration ?? 0);
  return {
    container: parsed.format?.format_name ?? 'unknown',
    durationS: Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : 0,
    width: video.width,
    height: video.height,
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    codec: video.codec_name ?? 'unknown',
    hasAudio: audio !== undefined,
    audioCodec: audio?.codec_name ?? null,
    sizeBytes: data.length,
  };
}

/** One frame as PNG, small, for colour analysis. */
export async function grabFrame(tools: MediaTools, data: Buffer, atS: number, signal?: AbortSignal): Promise<Buffer> {
  return tools.withUrl(data, async (url) => {
    const args = [
      '-loglevel',
      'error',
      '-ss',
      atS.toFixed(3),
      '-i',
      url,
      '-frames:v',
      '1',
      '-vf',
      'scale=64:-2',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ];
    return (await tools.ffmpeg(args, { signal })).stdout;
  });
}

/** Mean and peak audio level in dB from ffmpeg's volumedetect, or null without audio. */
export async function audioLevels(
  tools: MediaTools,
  data: Buffer,
  signal?: AbortSignal,
): Promise<{ meanDb: number; maxDb: number } | null> {
  const run = await tools.withUrl(data, (url) =>
    tools.ffmpeg(['-loglevel', 'info', '-i', url, '-t', '30', '-vn', '-af', 'volumedetect', '-f', 'null', '-'], {
      signal,
    }),
  );
  const mean = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(run.stderr);
  const max = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(run.stderr);
  if (!mean || !max) return null;
  const value = (text: string | undefined) => (text === '-inf' || text === undefined ? -120 : Number(text));
  return { meanDb: value(mean[1]), maxDb: value(max[1]) };
}
