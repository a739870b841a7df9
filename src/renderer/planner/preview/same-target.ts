import type { PreviewMedia, PreviewTarget } from './types';

const MEDIA_KEYS = ['assetId', 'kind', 'width', 'height', 'durationMs', 'thumbUrl', 'alt'] as const;

function sameMedia(a: readonly PreviewMedia[], b: readonly PreviewMedia[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((item, i) => {
    const other = b[i];
    return other !== undefined && MEDIA_KEYS.every((key) => (item[key] ?? null) === (other[key] ?? null));
  });
}

function sameList(a: readonly string[] = [], b: readonly string[] = []): boolean {
  return a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
}

/** Whether two targets show the same preview (by value: callers rebuild their objects on each render). */
export function sameTarget(a: PreviewTarget, b: PreviewTarget): boolean {
  const x = a.channel;
  const y = b.channel;
  const sameChannel =
    x === y ||
    (x.id === y.id &&
      x.network === y.network &&
      x.name === y.name &&
      x.handle === y.handle &&
      x.colour === y.colour &&
      x.avatarAssetId === y.avatarAssetId &&
      x.rules === y.rules);
  return sameChannel && a.text === b.text && sameMedia(a.media, b.media) && sameList(a.warnings, b.warnings);
}
