import type { MediaTools, VideoEncoder } from './tools';

/** Video container settings shared by every produced file: fragmented MP4 so it can be written to a pipe. */
function outputArgs(encoder: VideoEncoder, fps: number): string[] {
  const codec =
    encoder === 'libx264'
      ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-g', String(Math.max(1, fps))]
      : ['-c:v', 'mpeg4', '-q:v', '5', '-g', String(Math.max(1, fps))];
  return [
    ...codec,
    '-pix_fmt',
    'yuv420p',
    // One thread and bit-exact flags keep the output identical for identical input.
    '-threads',
    '1',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-map_metadata',
    '-1',
    '-movflags',
    'frag_keyframe+empty_moov+default_base_moof',
    '-f',
    'mp4',
    'pipe:1',
  ];
}

export interface FrameFormat {
  width: number;
  height: number;
  fps: number;
}

/** Encodes rgb24 frames, produced one at a time, into an MP4. */
export async function encodeFrames(
  tools: MediaTools,
  frames: AsyncIterable<Buffer>,
  format: FrameFormat,
  signal?: AbortSignal,
): Promise<Buffer> {
  const encoder = await tools.videoEncoder();
  const args = [
    '-loglevel',
    'error',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${format.width}x${format.height}`,
    '-r',
    String(format.fps),
    '-i',
    'pipe:0',
    '-an',
    ...outputArgs(encoder, format.fps),
  ];
  return (await tools.ffmpeg(args, { input: frames, signal })).stdout;
}

/** Longest stretch of an input video that video2video processes. */
export const MAX_TRANSFORM_SECONDS = 10;

/** Re-encodes a video through an ffmpeg filter, scaled to at most 480 px wide, without audio. */
export async function transformVideo(
  tools: MediaTools,
  input: Buffer,
  filter: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const encoder = await tools.videoEncoder();
  const scale = "scale='trunc(min(480,iw)/2)*2':-2";
  return tools.withUrl(input, async (url) => {
    const args = [
      '-loglevel',
      'error',
      '-i',
      url,
      '-t',
      String(MAX_TRANSFORM_SECONDS),
      '-vf',
      filter ? `${scale},${filter}` : scale,
      '-an',
      ...outputArgs(encoder, 12),
    ];
    return (await tools.ffmpeg(args, { signal })).stdout;
  });
}
