import type { AiGalleryQuery, AiJobState } from '../../shared/ai';
import type { AiOperation } from '../../shared/profile';

/** What the user chose above the gallery (the search text already debounced). */
export interface GalleryFilters {
  operation: AiOperation | '';
  modelId: string;
  from: string;
  to: string;
  state: AiJobState | '';
  text: string;
}

export const noGalleryFilters: GalleryFilters = { operation: '', modelId: '', from: '', to: '', state: '', text: '' };

/** Results fetched at first; "Show more" asks for this many more, up to the contract's 500. */
export const GALLERY_PAGE = 60;
export const GALLERY_MAX = 500;

const opt = (v: string) => (v.trim() ? v.trim() : undefined);

/** The `ai.gallery` input: every key present (undefined when unset) so equal filters share a cache entry. */
export function galleryInput(f: GalleryFilters, limit: number): AiGalleryQuery {
  return {
    operation: f.operation || undefined,
    modelId: opt(f.modelId),
    text: opt(f.text),
    from: opt(f.from),
    to: opt(f.to),
    state: f.state || undefined,
    offset: 0,
    limit: Math.min(GALLERY_MAX, Math.max(1, limit)),
  };
}

export function isGalleryFiltered(f: GalleryFilters): boolean {
  return Object.values(f).some((v) => v.trim() !== '');
}
