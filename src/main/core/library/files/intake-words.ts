import { AppException } from '../../errors';

/** The largest file the library takes, by any way in (import, upload, AI result, workspace import). */
export const MAX_FILE_BYTES = 4 * 1024 ** 3;
/** The longest name an asset may have (the records schema keeps the same limit). */
export const MAX_NAME_LENGTH = 500;

/** A size as people read it: 1024-based, one decimal at most ("4 GB", "40 KB"). */
export function sizeWords(n: number): string {
  const round = (x: number) => Math.round(x * 10) / 10;
  if (n >= 1024 ** 3) return `${round(n / 1024 ** 3)} GB`;
  if (n >= 1024 ** 2) return `${round(n / 1024 ** 2)} MB`;
  return `${round(n / 1024)} KB`;
}

/**
 * Why a file was refused, in the words every way in shows: the same input gets the same
 * sentence whether it was imported, uploaded, produced by AI or restored from an export.
 */
export const intakeWords = {
  empty: 'The file is empty.',
  notAFile: 'It is not a regular file (a folder, device, socket or pipe).',
  svg: 'SVG images are not supported by the library: they can carry scripts, so Atelier does not open them.',
  unsupported: 'It is not an image, video or audio file the library supports (judged by its content, not its name).',
  tooLarge: (maxBytes: number) => `It is larger than ${sizeWords(maxBytes)}, the most the library takes for one file.`,
  damaged: (what: 'picture' | 'video' | 'audio') =>
    `It is a damaged or incomplete file: the ${what} cannot be decoded.`,
  tooManyPixels: (pixels: number) =>
    `The picture is too large to open: it has more than ${Math.floor(pixels / 1e6)} million pixels.`,
  nameTooLong: `Its name is longer than ${MAX_NAME_LENGTH} characters, the most the library keeps.`,
  noName: 'It has no name.',
} as const;

/** A file the intake refused; `message` is one of intakeWords. Nothing was stored for it. */
export class IntakeRefusal extends AppException {
  constructor(message: string) {
    super({ code: 'validation', message });
    this.name = 'IntakeRefusal';
  }
}

export function refuse(message: string): never {
  throw new IntakeRefusal(message);
}
