import { encodeFrames, type FrameFormat } from '../../media/encode-video';
import type { AiResult, RunEnv } from '../operation';

/** A generated clip: its frames encoded as MP4, described the way every video operation answers. */
export async function videoResult(
  env: RunEnv,
  frames: AsyncIterable<Buffer>,
  format: FrameFormat & { count: number },
  metrics: Record<string, number> = {},
): Promise<AiResult> {
  const { width, height, fps, count } = format;
  const video = await encodeFrames(env.tools, frames, { width, height, fps }, env.signal);
  return {
    text: null,
    outputs: [{ data: video, mimeType: 'video/mp4', extension: 'mp4', width, height, fps, durationS: count / fps }],
    metrics: { width, height, fps, frames: count, duration_s: count / fps, ...metrics },
  };
}
