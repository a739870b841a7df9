import type { AssetView } from '../../shared/library';
import type { ResourceGroup } from '../../shared/profile';
import type { AssetKind, SyncState } from '../../shared/records';

const units = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; null → "—". Binary multiples, as file managers on all three systems show sizes. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString(undefined, { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

/** 83_000 → "1:23"; an hour or more → "1:02:03". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString();
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** "1920 × 1080", "0:42", "1920 × 1080 · 0:42" or "—". */
export function formatExtent(a: Pick<AssetView, 'width' | 'height' | 'durationMs'>): string {
  const parts: string[] = [];
  if (a.width !== null && a.height !== null) parts.push(`${a.width} × ${a.height}`);
  if (a.durationMs !== null) parts.push(formatDuration(a.durationMs));
  return parts.length ? parts.join(' · ') : '—';
}

export const kindLabels: Record<AssetKind, string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  document: 'Document',
  other: 'Other',
};

/** A glyph per kind for placeholder tiles (text, so it follows the theme's colours). */
export const kindGlyphs: Record<AssetKind, string> = {
  image: '▣',
  video: '▶',
  audio: '♪',
  document: '≡',
  other: '◆',
};

export const syncLabels: Record<SyncState, { short: string; long: string }> = {
  local: { short: 'Local', long: 'Only on this computer so far' },
  pending: { short: 'Pending', long: 'Waiting to sync' },
  synced: { short: 'Synced', long: 'Synced with the platform' },
  conflict: { short: 'Conflict', long: 'Changed here and on the platform: choose a version in Sync' },
};

export const groupLabels: Record<ResourceGroup, string> = {
  assets: 'Asset',
  automations: 'Automation',
  contentPlans: 'Content plan',
  creatives: 'Creative',
  mediaQueue: 'Media queue',
  mediaTemplates: 'Media template',
  posts: 'Post',
};

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}
