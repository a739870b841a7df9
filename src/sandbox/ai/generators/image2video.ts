import sharp from 'sharp';
import { z } from 'zod';
import { decodeImage } from '../../media/image-summary';
import { mediaFields, oneSource, oneSourceMessage, timingFields } from '../image-fields';
import { defineOperation, even } from '../operation';
import { videoResult } from './video-result';

const MAX_SIDE = 480;

async function zoomFrame(base: Buffer, width: number, height: number, zoom: number): Promise<Buffer> {
  const cropW = Math.max(2, Math.round(width / zoom));
  const cropH = Math.max(2, Math.round(height / zoom));
  return sharp(base, { raw: { width, height, channels: 3 } })
    .extract({
      left: Math.floor((width - cropW) / 2),
      top: Math.floor((height - cropH) / 2),
      width: cropW,
      height: cropH,
    })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
}

function fadeFrame(base: Buffer, level: number): Buffer {
  const frame = Buffer.alloc(base.length);
  for (let i = 0; i < base.length; i++) frame[i] = Math.round((base[i] ?? 0) * level);
  return frame;
}

export const image2video = defineOperation({
  input: 'image',
  output: 'video',
  models: {
    'zoom-1': 'slow zoom into the centre of the image',
    'fade-1': 'fade in from black',
  },
  schema: z
    .object({ ...mediaFields, ...timingFields })
    .loose()
    .refine(oneSource, oneSourceMessage),
  async run(image, modelId, env) {
    const input = await decodeImage(await env.readMedia(image));
    const meta = await input.metadata();
    const scale = Math.min(1, MAX_SIDE / Math.max(meta.width ?? 1, meta.height ?? 1));
    const width = even((meta.width ?? 2) * scale);
    const height = even((meta.height ?? 2) * scale);
    const fps = image.fps ?? 12;
    const durationS = image.duration_s ?? 2;
    const count = Math.max(1, Math.round(durationS * fps));
    const base = await input
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer();
    async function* frames() {
      for (let i = 0; i < count; i++) {
        if (env.signal.aborted) throw env.signal.reason;
        const t = count > 1 ? i / (count - 1) : 1;
        yield modelId === 'fade-1' ? fadeFrame(base, t) : await zoomFrame(base, width, height, 1 + 0.3 * t);
      }
    }
    return videoResult(env, frames(), { width, height, fps, count });
  },
});
