import type { AssetDetail } from '../../../../shared/library';
import type { FixArgs } from '../../../../shared/media-fix';
import { fail } from '../../errors';
import type { MediaTools } from '../media-tools';
import { checkFocus, targetRatio, type Ratio } from './geometry';

/** A fix whose input and asset passed every check that needs no decoding. */
export interface CheckedFix {
  input: FixArgs;
  asset: AssetDetail;
  kind: 'image' | 'video';
  /** The stored file of the asset. */
  file: string;
  /** The asset's stored preview, when it has one and its file is here (a trim may share it). */
  thumbSha: string | null;
  /** crop and pad: the shape asked. */
  ratio: Ratio | null;
  focus: { x: number; y: number };
  /** Present for video fixes (checked installed). */
  ffmpeg: string | null;
  ffprobe: string | null;
}

const quoted = (asset: AssetDetail) => `“${asset.name}”`;

function checkKind(input: FixArgs, asset: AssetDetail): 'image' | 'video' {
  if (asset.kind !== 'image' && asset.kind !== 'video')
    fail(
      'validation',
      `Only pictures and videos can be fixed; ${quoted(asset)} is ${asset.kind === 'audio' ? 'sound' : 'a document'}.`,
    );
  if (input.operation === 'trim' && asset.kind !== 'video')
    fail('validation', `Only a video can be trimmed; ${quoted(asset)} is a picture.`);
  if (input.operation === 'resize') {
    if (input.maxWidth === undefined && input.maxHeight === undefined && input.maxBytes === undefined)
      fail('validation', 'Give a largest width, height or file size to resize to.');
    if (asset.kind === 'video' && input.maxBytes !== undefined)
      fail('validation', 'A video is resized by width and height; a file size limit applies to pictures only.');
  }
  return asset.kind;
}

function checkTools(kind: 'image' | 'video', tools: MediaTools): void {
  if (kind === 'video' && (!tools.ffmpeg || !tools.ffprobe))
    fail('unavailable', 'Fixing a video needs ffmpeg and ffprobe, which are not installed on this computer.', {
      hint: 'Install ffmpeg (or set its path in ATELIER_FFMPEG and ATELIER_FFPROBE) and try again.',
    });
}

/**
 * Everything that can be said about a fix before any file is decoded: the asset exists and has its file,
 * the operation suits its kind, the ratio, size and focus make sense, and the tools are there. Throws in words.
 */
export function checkFix(
  input: FixArgs,
  asset: AssetDetail,
  filePath: (sha: string) => string | null,
  tools: MediaTools,
): CheckedFix {
  const kind = checkKind(input, asset);
  if (asset.trashedAt !== null) fail('conflict', `${quoted(asset)} is in the trash; restore it before fixing it.`);
  const file = asset.sha256 ? filePath(asset.sha256) : null;
  if (!file)
    fail('not_found', `The file of ${quoted(asset)} is not on this computer, so it cannot be fixed.`, {
      hint: 'Sync this computer with the one that has it, or import the file again.',
    });
  const ratio = input.operation === 'crop' || input.operation === 'pad' ? targetRatio(input.ratio, input.size) : null;
  const focus = checkFocus(input.operation === 'crop' ? input.focus : undefined);
  checkTools(kind, tools);
  const thumb = asset.thumb.state === 'ready' ? asset.thumb.sha256 : null;
  const thumbSha = thumb && filePath(thumb) ? thumb : null;
  return { input, asset, kind, file, thumbSha, ratio, focus, ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe };
}

/** The new asset's name: the source's, with what was done ("beach-crop-4x5.jpg"). */
export function fixedName(sourceName: string, operation: string, detail: string, ext: string): string {
  const dot = sourceName.lastIndexOf('.');
  const stem = (dot > 0 ? sourceName.slice(0, dot) : sourceName).slice(0, 200);
  return `${stem}-${operation}-${detail.replace(/[^0-9A-Za-z.]+/g, 'x')}.${ext}`;
}
