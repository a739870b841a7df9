import { z } from 'zod';
import type { Rgb } from '../../media/canvas';
import { paintPrompt } from '../../media/prompt-art';
import { seededRandom } from '../../media/seeded-random';
import { promptFields, timingFields, videoSizeFields } from '../image-fields';
import { defineOperation, even } from '../operation';
import { videoResult } from './video-result';

export const text2video = defineOperation({
  input: 'text',
  output: 'video',
  models: {
    'motion-1': "the prompt's art with a ball moving across it and a progress bar",
  },
  schema: z.object({ ...promptFields, ...videoSizeFields, ...timingFields }).loose(),
  async run(image, _modelId, env) {
    const width = even(image.width ?? 320);
    const height = even(image.height ?? 240);
    const fps = image.fps ?? 12;
    const seed = image.seed ?? 0;
    const count = Math.max(1, Math.round((image.duration_s ?? 2) * fps));
    const { canvas, palette } = paintPrompt(image.prompt, { width, height, seed, style: 'paint' });
    const phase = seededRandom('text2video', image.prompt, seed)() * Math.PI * 2;
    const radius = Math.min(width, height) * 0.12;
    async function* frames() {
      for (let i = 0; i < count; i++) {
        if (env.signal.aborted) throw env.signal.reason;
        const t = i / count;
        const frame = canvas.clone();
        const x = width * (0.5 + 0.35 * Math.sin(2 * Math.PI * t + phase));
        const y = height * (0.35 + 0.2 * Math.sin(4 * Math.PI * t + phase));
        frame.circle(x, y, radius, palette[2] as Rgb, 0.85);
        frame.rect(
          0,
          0,
          Math.round((width * (i + 1)) / count),
          Math.max(2, Math.round(height / 60)),
          [255, 255, 255],
          0.8,
        );
        yield frame.data;
      }
    }
    return videoResult(env, frames(), { width, height, fps, count }, { seed });
  },
});
