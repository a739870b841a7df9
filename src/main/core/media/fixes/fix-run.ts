import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { fail } from '../../errors';
import type { DerivedMedia } from '../../library/library';
import { storeThumbnail, type PreviewStore, type StoredPreview } from '../describe';
import { ffmpegInput, probeMedia } from '../probe';
import { runTool } from '../run-tool';
import { imageBufferThumbnail, makeThumbnail, posterTimeMs, type Thumbnail } from '../thumbnail';
import { FfmpegFailed, runFfmpeg } from './ffmpeg-job';
import type { CheckedFix } from './fix-checks';
import { fixedName } from './fix-checks';
import { fitInside, sameShape } from './geometry';
import { cropImage, padImage, readSource, resizeImage, resizeToBytes, type FixedImage } from './image-fix';
import {
  cropVideo,
  keyframeCut,
  padVideo,
  resizeVideo,
  trimAtKeyframe,
  trimExact,
  type SourceVideo,
  type VideoPlan,
} from './video-fix';

/** What a fix made, ready to store: the bytes or the file, its name, what was done and with which tool. */
export interface Produced {
  /** A file is in the media store's temp folder, moved in rather than copied. */
  from: { data: Buffer } | { file: string; move: true };
  name: string;
  params: Record<string, unknown>;
  tool: string;
  /** What the new file is, known from making it. */
  media: DerivedMedia;
  /**
   * Its preview, stored when the fix hands its result over (so a fix that fails stores none); without
   * it the library makes one from the stored file.
   */
  preview?: (store: PreviewStore) => Promise<StoredPreview>;
}

export interface RunContext {
  signal: AbortSignal;
  progress(fraction: number): void;
  /** Where a video's new file is written before it is stored (removed by the caller). */
  tempDir: string;
  /** Ends a timed step of the fix ('prepare', 'tool'). */
  phase(name: string): void;
}

/** The version of sharp (and libvips) fixes are made with, for provenance. */
export const sharpTool = (): string =>
  `sharp ${sharp.versions.sharp ?? ''} (libvips ${sharp.versions.vips})`.replace('  ', ' ');

const ffmpegVersions = new Map<string, Promise<string>>();
/** "ffmpeg 7.1" from `ffmpeg -version`, asked once per binary. */
export function ffmpegTool(ffmpeg: string): Promise<string> {
  let known = ffmpegVersions.get(ffmpeg);
  if (!known) {
    known = runTool(ffmpeg, ['-version'], { timeoutMs: 10_000 }).then(
      ({ stdout }) => `ffmpeg ${/ffmpeg version (\S+)/.exec(stdout.toString('utf8'))?.[1] ?? 'unknown'}`,
      () => 'ffmpeg',
    );
    ffmpegVersions.set(ffmpeg, known);
  }
  return known;
}

const ratioWord = (fix: CheckedFix) => fix.ratio?.label ?? '';

async function makeImage(fix: CheckedFix, ctx: RunContext): Promise<FixedImage> {
  const { input } = fix;
  const { signal } = ctx;
  const source = await readSource(fix.file);
  signal.throwIfAborted();
  ctx.phase('prepare');
  const ratio = fix.ratio?.value ?? 1;
  const size = 'size' in input ? input.size : undefined;
  if (input.operation === 'crop' || input.operation === 'pad') {
    if (!size && sameShape(source.size, ratio))
      fail('conflict', `This picture is already ${ratioWord(fix)}; there is nothing to ${input.operation}.`);
    return input.operation === 'crop'
      ? cropImage(source, ratio, fix.focus, size)
      : padImage(source, ratio, input.background, size);
  }
  if (input.operation !== 'resize') fail('validation', 'Only a video can be trimmed.');
  const fits = fitInside(source.size, input.maxWidth, input.maxHeight);
  const small = input.maxBytes === undefined || (fix.asset.sizeBytes ?? Infinity) <= input.maxBytes;
  if (small && fits.width === source.size.width && fits.height === source.size.height)
    fail(
      'conflict',
      `This picture already fits (${source.size.width}×${source.size.height}); there is nothing to resize.`,
    );
  return input.maxBytes === undefined
    ? resizeImage(source, input.maxWidth, input.maxHeight)
    : resizeToBytes(source, input.maxBytes, input.maxWidth, input.maxHeight, signal);
}

function imageDetail(fix: CheckedFix, made: FixedImage): string {
  if (fix.input.operation === 'resize') return `${made.size.width}x${made.size.height}`;
  return 'size' in fix.input && fix.input.size ? `${made.size.width}x${made.size.height}` : ratioWord(fix);
}

/** A picture fixed with sharp: progress is only its start and its end. */
export async function produceImage(fix: CheckedFix, ctx: RunContext): Promise<Produced> {
  ctx.progress(0);
  const made = await makeImage(fix, ctx);
  ctx.phase('tool');
  ctx.signal.throwIfAborted();
  ctx.progress(0.9);
  const name = fixedName(fix.asset.name, fix.input.operation, imageDetail(fix, made), made.ext);
  const mime = made.ext === 'jpg' ? 'image/jpeg' : `image/${made.ext}`;
  return {
    from: { data: made.data },
    name,
    params: { ...made.params, output: made.size },
    tool: sharpTool(),
    media: { kind: 'image', mime, ...made.size },
    // Made from the encoded bytes in hand while they are stored, rather than read back after.
    preview: (store) => imageBufferThumbnail(made.data).then((thumb) => storeThumbnail(thumb, store)),
  };
}

/** The source video as probed; a file ffprobe cannot size or time is refused in words. */
async function sourceVideo(fix: CheckedFix, signal: AbortSignal): Promise<SourceVideo> {
  const { asset } = fix;
  // The import measured it; probed again only when it could not then.
  const known = asset.width && asset.height && asset.durationMs;
  const probe = known
    ? { width: asset.width ?? 0, height: asset.height ?? 0, durationMs: asset.durationMs ?? 0 }
    : await probeMedia(fix.file, 'video', { ffmpeg: fix.ffmpeg, ffprobe: fix.ffprobe }, { signal });
  signal.throwIfAborted();
  if (!probe.width || !probe.height || !probe.durationMs)
    fail('validation', `The video “${asset.name}” cannot be read (it may be damaged), so it was not fixed.`);
  const container = CONTAINERS[asset.mimeType ?? ''] ?? MATROSKA;
  return {
    file: fix.file,
    size: { width: probe.width, height: probe.height },
    durationMs: probe.durationMs,
    ...container,
  };
}

/** The container a copied (not re-encoded) video keeps; Matroska for the others, as it holds nearly any stream. */
const MATROSKA = { ext: 'mkv', mime: 'video/x-matroska' };
const CONTAINERS: Readonly<Record<string, { ext: string; mime: string }>> = {
  'video/mp4': { ext: 'mp4', mime: 'video/mp4' },
  'video/quicktime': { ext: 'mov', mime: 'video/quicktime' },
  'video/webm': { ext: 'webm', mime: 'video/webm' },
};

async function planVideo(fix: CheckedFix, source: SourceVideo, signal: AbortSignal): Promise<VideoPlan> {
  const { input } = fix;
  const ratio = fix.ratio?.value ?? 1;
  if (input.operation === 'trim') {
    const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
    if (source.durationMs <= input.maxDurationMs)
      fail(
        'conflict',
        `This video is ${seconds(source.durationMs)} long, within ${seconds(input.maxDurationMs)}; ` +
          'there is nothing to trim.',
      );
    if (input.mode === 'reencode') return trimExact(source, input.maxDurationMs);
    const cut = await keyframeCut(fix.ffprobe ?? 'ffprobe', fix.file, input.maxDurationMs, signal);
    if (cut === null)
      fail(
        'validation',
        `This video has no keyframe between its start and ${seconds(input.maxDurationMs)}, ` +
          'so it cannot be cut without re-encoding.',
        {
          hint: 'Trim it with the exact (re-encoded) mode instead.',
        },
      );
    return trimAtKeyframe(source, input.maxDurationMs, cut);
  }
  if (input.operation === 'resize') return resizeVideo(source, input.maxWidth, input.maxHeight);
  if (!input.size && sameShape(source.size, ratio))
    fail('conflict', `This video is already ${ratioWord(fix)}; there is nothing to ${input.operation}.`);
  return input.operation === 'crop'
    ? cropVideo(source, ratio, fix.focus, input.size)
    : padVideo(source, ratio, input.background, input.size);
}

function videoDetail(fix: CheckedFix, plan: VideoPlan): string {
  const { input } = fix;
  if (input.operation === 'trim') return `${Math.round(plan.outputMs / 100) / 10}s`;
  const size = plan.params.size;
  if (input.operation === 'resize' && typeof size === 'object' && size && 'width' in size && 'height' in size)
    return `${String(size.width)}x${String(size.height)}`;
  return ratioWord(fix);
}

/**
 * A trim's preview, started with the cut: the source's own when its poster frame is kept by the cut
 * (no work at all), else the frame the new video's poster shows, taken from the source meanwhile.
 */
function trimPoster(fix: CheckedFix, plan: VideoPlan, signal: AbortSignal): Produced['preview'] {
  const sha = fix.thumbSha;
  const durationMs = fix.asset.durationMs ?? 0;
  if (sha && durationMs > 0 && posterTimeMs(durationMs) < plan.outputMs) {
    const kept: StoredPreview = { state: 'ready', sha256: sha, created: false };
    return () => Promise.resolve(kept);
  }
  const tools = { ffmpeg: fix.ffmpeg, ffprobe: fix.ffprobe };
  const made = makeThumbnail(fix.file, 'video', tools, { durationMs: plan.outputMs, signal }).catch((): Thumbnail => ({
    state: 'placeholder',
    reason: 'unreadable',
  }));
  return (store) => made.then((thumb) => storeThumbnail(thumb, store));
}

/** A video fixed with ffmpeg into a temp file, with its progress; a failure removes the file. */
export async function produceVideo(fix: CheckedFix, ctx: RunContext): Promise<Produced> {
  ctx.progress(0);
  const source = await sourceVideo(fix, ctx.signal);
  const plan = await planVideo(fix, source, ctx.signal);
  ctx.phase('prepare');
  const preview = fix.input.operation === 'trim' ? trimPoster(fix, plan, ctx.signal) : undefined;
  // Asked once per binary (it never rejects): the first fix asks while it cuts.
  const tool = ffmpegTool(fix.ffmpeg ?? 'ffmpeg');
  await fs.mkdir(ctx.tempDir, { recursive: true });
  const out = path.join(ctx.tempDir, `fix-${randomUUID()}.${plan.ext}`);
  try {
    await runFfmpeg(fix.ffmpeg ?? 'ffmpeg', ['-i', ffmpegInput(fix.file), ...plan.args, '-y', `file:${out}`], {
      totalMs: plan.outputMs,
      signal: ctx.signal,
      onProgress: (f) => ctx.progress(f * 0.9),
    });
  } catch (e) {
    await fs.rm(out, { force: true });
    if (e instanceof FfmpegFailed)
      fail(
        'validation',
        `The video “${fix.asset.name}” could not be ` +
          `${fix.input.operation === 'trim' ? 'trimmed' : 'processed'} (it may be damaged).`,
        {
          hint: e.tail.split('\n').at(-1)?.slice(0, 300) ?? '',
        },
      );
    throw e;
  }
  ctx.phase('tool');
  const name = fixedName(fix.asset.name, fix.input.operation, videoDetail(fix, plan), plan.ext);
  const media = { kind: 'video' as const, mime: plan.mime, ...plan.size, durationMs: plan.outputMs };
  return {
    from: { file: out, move: true },
    name,
    params: plan.params,
    tool: await tool,
    media,
    ...(preview && { preview }),
  };
}
