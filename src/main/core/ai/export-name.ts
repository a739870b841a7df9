import { resultSlug, uniqueFileName } from '../../../shared/slug';

/** The extension a result's file takes from its media type. */
export const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};

export const extOf = (mime: string) => EXT[mime] ?? mime.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';

/**
 * The name a result saved to the library gets: its prompt's slug (or the operation and input when
 * there is no prompt), with -2, -3… when a live asset of the account already has that name.
 */
export function libraryResultName(
  taken: (name: string) => boolean,
  job: { prompt: string | null; operation: string; inputName: string | null },
  mime: string,
): string {
  return uniqueFileName(resultSlug(job), extOf(mime), taken);
}
