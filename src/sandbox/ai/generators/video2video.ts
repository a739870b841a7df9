import { transformVideo } from '../../media/encode-video';
import { probeVideo } from '../../media/probe-video';
import { mediaImage } from '../image-fields';
import { defineOperation } from '../operation';

const FILTERS: Record<string, string> = {
  'grayscale-1': 'hue=s=0',
  'invert-1': 'negate',
  'mirror-1': 'hflip',
  'reverse-1': 'reverse',
};

export const video2video = defineOperation({
  input: 'video',
  output: 'video',
  models: {
    'grayscale-1': 'removes the colour',
    'invert-1': 'inverts the colours',
    'mirror-1': 'flips left to right',
    'reverse-1': 'plays backwards',
  },
  schema: mediaImage,
  async run(image, modelId, env) {
    const input = await env.readMedia(image);
    await probeVideo(env.tools, input, env.signal);
    const video = await transformVideo(env.tools, input, FILTERS[modelId] ?? '', env.signal);
    const out = await probeVideo(env.tools, video, env.signal);
    return {
      text: null,
      outputs: [
        {
          data: video,
          mimeType: 'video/mp4',
          extension: 'mp4',
          width: out.width,
          height: out.height,
          fps: out.fps,
          durationS: out.durationS,
        },
      ],
      metrics: { width: out.width, height: out.height, fps: out.fps, duration_s: out.durationS, codec: out.codec },
    };
  },
});
