import type { MediaKind } from './media-kind';
import type { MediaTools } from './media-tools';
import type { MediaProbe } from './probe';
import { makeThumbnail, type Thumbnail } from './thumbnail';

/**
 * What a stored media file is, as every record of it says: a library asset, an AI result and an
 * asset restored from a workspace export all carry these, worked out here and nowhere else.
 */
export interface MediaDescription<K extends MediaKind = MediaKind> {
  kind: K;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** A video's frames per second, when probing found it. */
  fps?: number | null;
}

/** What someone else said about the file (an AI answer's fields), where they said it. */
export interface DeclaredMedia {
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
}

/**
 * The description of a file whose content was checked (the intake found its kind, type and
 * probe); declared values win over probing, which cannot size sound or a file it cannot read.
 */
export function describeMedia<K extends MediaKind>(
  file: { kind: K; mime: string; size: number; probe: MediaProbe },
  declared: DeclaredMedia = {},
): MediaDescription<K> {
  return {
    kind: file.kind,
    mime: file.mime,
    size: file.size,
    width: declared.width ?? file.probe.width ?? null,
    height: declared.height ?? file.probe.height ?? null,
    durationMs: declared.durationMs ?? file.probe.durationMs ?? null,
    // Only a video's picture has one; what was not found is left out, as it is from the record.
    ...(file.probe.fps !== undefined && { fps: file.probe.fps }),
  };
}

export interface MediaFields<K extends MediaKind = MediaKind> {
  kind: K;
  mime_type: string;
  size_bytes: number;
  width?: number;
  height?: number;
  duration_ms?: number;
  fps?: number;
}

/** The record fields of a description; what is unknown is left out rather than stored as null. */
export function mediaFields<K extends MediaKind>(d: MediaDescription<K>): MediaFields<K> {
  const fields: MediaFields<K> = { kind: d.kind, mime_type: d.mime, size_bytes: d.size };
  if (d.width !== null) fields.width = d.width;
  if (d.height !== null) fields.height = d.height;
  if (d.durationMs !== null) fields.duration_ms = d.durationMs;
  if (d.fps !== undefined && d.fps !== null) fields.fps = d.fps;
  return fields;
}

/** Where a preview is stored: the blob store, as far as a preview needs it. */
export interface PreviewStore {
  putBuffer(data: Buffer, options?: { label?: string }): Promise<{ sha256: string; existed: boolean }>;
}

export type StoredPreview =
  | {
      state: 'ready';
      sha256: string;
      /** Stored by this call (so it goes again if the record is not written). */ created: boolean;
    }
  | { state: 'placeholder'; reason: Extract<Thumbnail, { state: 'placeholder' }>['reason'] };

/**
 * A preview made and stored beside the file, or why there is none. A preview that cannot be made
 * never costs the file (it gets a placeholder); a preview that cannot be stored fails like any write.
 */
export async function storePreview(
  file: string,
  media: Pick<MediaDescription, 'kind' | 'durationMs'>,
  tools: MediaTools,
  store: PreviewStore,
  label?: string,
): Promise<StoredPreview> {
  const thumb = await makeThumbnail(
    file,
    media.kind,
    tools,
    media.durationMs === null ? {} : { durationMs: media.durationMs },
  ).catch((): Thumbnail => ({ state: 'placeholder', reason: 'unreadable' }));
  return storeThumbnail(thumb, store, label);
}

/** A preview already made (or why there is none), stored. */
export async function storeThumbnail(thumb: Thumbnail, store: PreviewStore, label?: string): Promise<StoredPreview> {
  if (thumb.state !== 'ready') return thumb;
  const put = await store.putBuffer(thumb.data, label === undefined ? {} : { label });
  return { state: 'ready', sha256: put.sha256, created: !put.existed };
}
