import sharp from 'sharp';
import { z } from 'zod';
import { toHex } from '../../media/colours';
import { paintPrompt } from '../../media/prompt-art';
import { promptFields, sizeFields } from '../image-fields';
import { defineOperation } from '../operation';

export const text2image = defineOperation({
  input: 'text',
  output: 'image',
  models: {
    'paint-1': 'gradient with translucent circles, the prompt as a caption',
    'mosaic-1': "tile mosaic in the prompt's palette, the prompt as a caption",
  },
  schema: z.object({ ...promptFields, ...sizeFields }).loose(),
  async run(image, modelId) {
    const width = image.width ?? 512;
    const height = image.height ?? 512;
    const seed = image.seed ?? 0;
    const style = modelId === 'mosaic-1' ? 'mosaic' : 'paint';
    const { canvas, palette } = paintPrompt(image.prompt, { width, height, seed, style });
    const png = await sharp(canvas.data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    return {
      text: null,
      outputs: [{ data: png, mimeType: 'image/png', extension: 'png', width, height }],
      metrics: { width, height, seed, palette: palette.map(toHex) },
    };
  },
});
