import { createBlobServer, type ServedBlob } from './blob-server';
import { runTool, type ToolRun } from './run-tool';

export type VideoEncoder = 'libx264' | 'mpeg4';

/** ffmpeg, ffprobe and the loopback blob server, shared by every video operation. */
export function createMediaTools(paths: { ffmpegPath: string; ffprobePath: string }) {
  const blobs = createBlobServer();
  let encoder: Promise<VideoEncoder> | null = null;

  const tools = {
    ffmpeg: (
      args: string[],
      options?: { input?: Buffer | AsyncIterable<Buffer>; signal?: AbortSignal },
    ): Promise<ToolRun> => runTool(paths.ffmpegPath, ['-hide_banner', '-nostdin', ...args], options),
    ffprobe: (args: string[], options?: { signal?: AbortSignal }): Promise<ToolRun> =>
      runTool(paths.ffprobePath, ['-hide_banner', ...args], options),

    /** H.264 where the local ffmpeg has it (it plays everywhere), else ffmpeg's own MPEG-4 Part 2. */
    videoEncoder(): Promise<VideoEncoder> {
      encoder ??= tools.ffmpeg(['-encoders']).then(
        (run) => (/\blibx264\b/.test(run.stdout.toString('utf8')) ? 'libx264' : 'mpeg4'),
        (error: unknown) => {
          encoder = null;
          throw error;
        },
      );
      return encoder;
    },

    /** Runs work with the buffer reachable by URL, releasing it afterwards. */
    async withUrl<T>(data: Buffer, work: (url: string) => Promise<T>): Promise<T> {
      const served: ServedBlob = await blobs.serve(data);
      try {
        return await work(served.url);
      } finally {
        served.release();
      }
    },

    close: () => blobs.close(),
  };
  return tools;
}

export type MediaTools = ReturnType<typeof createMediaTools>;
