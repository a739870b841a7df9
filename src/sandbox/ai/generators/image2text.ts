import { brightnessWord, colourName, toHex } from '../../media/colours';
import { summariseImage, type ImageSummary } from '../../media/image-summary';
import { mediaImage } from '../image-fields';
import { defineOperation } from '../operation';

function orientation({ width, height }: ImageSummary): string {
  if (width > height * 1.05) return 'landscape';
  if (height > width * 1.05) return 'portrait';
  return 'square';
}

function detail(entropy: number): string {
  return entropy < 2 ? 'little detail' : entropy < 5 ? 'moderate detail' : 'a lot of detail';
}

function caption(s: ImageSummary): string {
  const format = s.format.toUpperCase();
  return (
    `A ${s.width}x${s.height} ${orientation(s)} ${format} image, ` +
    `mostly ${colourName(s.dominant)} (${toHex(s.dominant)}), ${brightnessWord(s.brightness)}, ` +
    `with ${detail(s.entropy)}.`
  );
}

function description(s: ImageSummary): string {
  return [
    `Size: ${s.width}x${s.height} pixels (${orientation(s)})`,
    `Format: ${s.format.toUpperCase()}, ${s.channels} channels, ${s.hasAlpha ? 'with' : 'no'} transparency`,
    `Dominant colour: ${colourName(s.dominant)} (${toHex(s.dominant)})`,
    `Average colour: ${colourName(s.mean)} (${toHex(s.mean)})`,
    `Brightness: ${Math.round(s.brightness * 100)}% (${brightnessWord(s.brightness)})`,
    `Detail: ${detail(s.entropy)} (entropy ${s.entropy.toFixed(2)} bits)`,
  ].join('\n');
}

export const image2text = defineOperation({
  input: 'image',
  output: 'text',
  models: {
    'caption-1': 'one sentence: size, dominant colour, brightness',
    'describe-1': 'several lines of measurements',
  },
  schema: mediaImage,
  async run(image, modelId, env) {
    const summary = await summariseImage(await env.readMedia(image));
    return {
      text: modelId === 'describe-1' ? description(summary) : caption(summary),
      outputs: [],
      metrics: {
        width: summary.width,
        height: summary.height,
        format: summary.format,
        channels: summary.channels,
        has_alpha: summary.hasAlpha,
        dominant_color: toHex(summary.dominant),
        mean_color: toHex(summary.mean),
        brightness: Math.round(summary.brightness * 1000) / 1000,
        entropy: Math.round(summary.entropy * 1000) / 1000,
      },
    };
  },
});
