import { z } from 'zod';
import { decodeImage } from '../../media/image-summary';
import { mediaFields, oneSource, oneSourceMessage } from '../image-fields';
import { defineOperation } from '../operation';

const schema = z
  .object({
    ...mediaFields,
    sigma: z.number().min(0.3).max(100).optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like #3366ff')
      .optional(),
  })
  .loose()
  .refine(oneSource, oneSourceMessage);

/** Largest side of an output image; bigger inputs are scaled down. */
const MAX_SIDE = 4096;

export const image2image = defineOperation({
  input: 'image',
  output: 'image',
  models: {
    'grayscale-1': 'converts to greyscale',
    'blur-1': 'Gaussian blur (image.sigma, default 4)',
    'tint-1': 'tints with a colour (image.color, default #3366ff)',
    'invert-1': 'inverts the colours',
  },
  schema,
  async run(image, modelId, env) {
    let pipeline = (await decodeImage(await env.readMedia(image))).resize({
      width: MAX_SIDE,
      height: MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    if (modelId === 'grayscale-1') pipeline = pipeline.grayscale();
    else if (modelId === 'blur-1') pipeline = pipeline.blur(image.sigma ?? 4);
    else if (modelId === 'tint-1') pipeline = pipeline.tint(image.color ?? '#3366ff');
    else pipeline = pipeline.negate({ alpha: false });
    const { data, info } = await pipeline.png().toBuffer({ resolveWithObject: true });
    return {
      text: null,
      outputs: [{ data, mimeType: 'image/png', extension: 'png', width: info.width, height: info.height }],
      metrics: { width: info.width, height: info.height, channels: info.channels },
    };
  },
});
