import sharp, { type Sharp } from 'sharp';
import type { PadBackground } from '../../../../shared/media-fix';
import { fail } from '../../errors';
import { cropWindow, fitInside, padCanvas, type Rect, type Size } from './geometry';

/** The new picture: its bytes, its size, the extension its format takes, and what was done, for provenance. */
export interface FixedImage {
  data: Buffer;
  size: Size;
  ext: 'jpg' | 'png' | 'webp';
  params: Record<string, unknown>;
}

/** What a fix knows of the source picture: its size as shown (after the camera's rotation) and format. */
export interface SourceImage {
  file: string;
  size: Size;
  format: 'jpeg' | 'png' | 'webp';
}

/** JPEG and WebP quality of a fixed picture (high: it is what gets published). */
export const IMAGE_QUALITY = 90;
/** The qualities tried, in order, to get a picture under a byte limit. */
const QUALITY_STEPS = [IMAGE_QUALITY, 82, 74, 66, 58, 50, 42] as const;
/** How much smaller each round gets once the lowest quality is still too large. */
const SHRINK_STEP = 0.8;
const SHRINK_ROUNDS = 8;

/** Opens a picture with the same limits as the library's checks. */
export const openImage = (file: string): Sharp => sharp(file, { failOn: 'error' }).autoOrient();

/** The picture's size as shown and the format its fixes are written in (JPEG, PNG or WebP, as it came). */
export async function readSource(file: string): Promise<SourceImage> {
  let meta;
  try {
    meta = await sharp(file).metadata();
  } catch {
    fail('validation', 'This picture cannot be read (it may be damaged), so it cannot be fixed.');
  }
  const size = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  const format = meta.format === 'png' || meta.format === 'webp' || meta.format === 'jpeg' ? meta.format : null;
  // Other formats (GIF, TIFF, HEIF…) become PNG when they have transparency, JPEG when not.
  return { file, size, format: format ?? (meta.hasAlpha ? 'png' : 'jpeg') };
}

/** Encodes in the source's format; `quality` for JPEG and WebP. */
function encode(image: Sharp, format: SourceImage['format'], quality = IMAGE_QUALITY): Sharp {
  if (format === 'png') return image.png();
  if (format === 'webp') return image.webp({ quality });
  return image.jpeg({ quality });
}

const extOf = (format: SourceImage['format']): FixedImage['ext'] => (format === 'jpeg' ? 'jpg' : format);

/** Runs the pipeline and reads back the size it wrote (a damaged file fails here, in words). */
async function finish(image: Sharp, source: SourceImage, params: Record<string, unknown>): Promise<FixedImage> {
  try {
    const { data, info } = await encode(image, source.format).toBuffer({ resolveWithObject: true });
    return { data, size: { width: info.width, height: info.height }, ext: extOf(source.format), params };
  } catch {
    fail('validation', 'This picture could not be decoded (it may be damaged), so it was not fixed.');
  }
}

/** The window of `ratio` around `focus`, then to an exact `size` when one is asked. */
export async function cropImage(
  source: SourceImage,
  ratio: number,
  focus: { x: number; y: number },
  size?: Size,
): Promise<FixedImage> {
  const window: Rect = cropWindow(source.size, ratio, focus);
  let image = openImage(source.file).extract(window);
  if (size) image = image.resize(size.width, size.height, { fit: 'fill' });
  return finish(image, source, { window, focus, ...(size && { size }) });
}

/** A blurred, enlarged copy of the picture covering `canvas` (blurred small, then scaled: same look, far faster). */
async function blurredBackground(source: SourceImage, canvas: Size): Promise<Buffer> {
  const small = {
    width: Math.max(1, Math.ceil(canvas.width / 16)),
    height: Math.max(1, Math.ceil(canvas.height / 16)),
  };
  const { data, info } = await openImage(source.file)
    .resize(small.width, small.height, { fit: 'cover' })
    .removeAlpha()
    .blur(2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize(canvas.width, canvas.height, { fit: 'fill' })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const rgb = (hex: string) => ({
  r: parseInt(hex.slice(1, 3), 16),
  g: parseInt(hex.slice(3, 5), 16),
  b: parseInt(hex.slice(5, 7), 16),
  alpha: 1,
});

/** The picture centred on a canvas of `ratio`, with a solid or a blurred background; then to `size` if asked. */
export async function padImage(
  source: SourceImage,
  ratio: number,
  background: PadBackground,
  size?: Size,
): Promise<FixedImage> {
  const { canvas, at } = padCanvas(source.size, ratio);
  const params = { canvas, at, background, ...(size && { size }) };
  let image: Sharp;
  try {
    if (background.kind === 'color') {
      image = openImage(source.file).extend({
        top: at.top,
        left: at.left,
        bottom: canvas.height - source.size.height - at.top,
        right: canvas.width - source.size.width - at.left,
        background: rgb(background.color),
      });
    } else {
      const back = await blurredBackground(source, canvas);
      const front = await openImage(source.file).png({ compressionLevel: 0 }).toBuffer();
      image = sharp(back).composite([{ input: front, left: at.left, top: at.top }]);
    }
  } catch {
    fail('validation', 'This picture could not be decoded (it may be damaged), so it was not fixed.');
  }
  // A composite is applied after a resize in one pipeline: the padded picture is resized in a second one.
  if (size) {
    const padded = await image
      .png({ compressionLevel: 0 })
      .toBuffer()
      .catch(() => fail('validation', 'This picture could not be decoded (it may be damaged), so it was not fixed.'));
    image = sharp(padded).resize(size.width, size.height, { fit: 'fill' });
  }
  return finish(image, source, params);
}

/** Smaller to fit the limits (never enlarged). */
export async function resizeImage(source: SourceImage, maxWidth?: number, maxHeight?: number): Promise<FixedImage> {
  const target = fitInside(source.size, maxWidth, maxHeight);
  const image = openImage(source.file).resize(target.width, target.height, { fit: 'fill' });
  return finish(image, source, { maxWidth, maxHeight, size: target });
}

/**
 * Under `maxBytes`: JPEG at falling quality steps, then smaller by steps at the lowest quality. Transparency is
 * flattened on white (JPEG has none).
 */
export async function resizeToBytes(
  source: SourceImage,
  maxBytes: number,
  maxWidth?: number,
  maxHeight?: number,
  signal?: AbortSignal,
): Promise<FixedImage> {
  let target = fitInside(source.size, maxWidth, maxHeight);
  for (let round = 0; round <= SHRINK_ROUNDS; round++) {
    // Decoded and resized once per size; each quality only encodes again.
    const pixels = await openImage(source.file)
      .resize(target.width, target.height, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => fail('validation', 'This picture could not be decoded (it may be damaged), so it was not fixed.'));
    const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
    for (const quality of QUALITY_STEPS) {
      signal?.throwIfAborted();
      const data = await sharp(pixels.data, { raw }).jpeg({ quality }).toBuffer();
      if (data.length <= maxBytes)
        return { data, size: target, ext: 'jpg', params: { maxBytes, maxWidth, maxHeight, size: target, quality } };
    }
    target = {
      width: Math.max(1, Math.round(target.width * SHRINK_STEP)),
      height: Math.max(1, Math.round(target.height * SHRINK_STEP)),
    };
  }
  fail('validation', `This picture cannot be made smaller than ${maxBytes} bytes without ruining it.`);
}
