import type { AssetView } from '../../shared/library';
import { kindGlyphs, kindLabels } from './format';

/** Why an asset shows no picture, in words, with a glyph for its type. */
export function placeholderFor(a: Pick<AssetView, 'kind' | 'thumb' | 'hasFile'>): { glyph: string; label: string } {
  const kind = kindLabels[a.kind];
  const glyph = kindGlyphs[a.kind];
  if (!a.hasFile && a.thumb.state !== 'placeholder') return { glyph: '⌀', label: 'File not on this computer' };
  if (a.thumb.state === 'placeholder') {
    switch (a.thumb.reason) {
      case 'no-ffmpeg':
        return { glyph, label: `${kind} — no preview (ffmpeg not found)` };
      case 'audio':
        return { glyph: kindGlyphs.audio, label: 'Audio' };
      case 'unsupported':
        return { glyph, label: `${kind} — no preview for this format` };
      case 'unreadable':
        return { glyph, label: `${kind} — the file could not be read` };
      default:
        return { glyph, label: a.kind === 'audio' ? 'Audio' : `${kind} — no preview` };
    }
  }
  if (a.thumb.state === 'missing') return { glyph, label: `${kind} — preview missing` };
  return { glyph, label: a.kind === 'audio' ? 'Audio' : `${kind} — no preview yet` };
}
