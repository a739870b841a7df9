import type { Channel } from '../../../shared/channels';
import type { AssetKind } from '../../../shared/records';

/** One media item of a post as a preview shows it; a thumbnail URL, or an asset id whose thumbnail is looked up. */
export interface PreviewMedia {
  assetId: string;
  kind: AssetKind;
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
  /** The poster or thumbnail to show; without it the asset's library thumbnail is used. */
  thumbUrl?: string | null;
  alt?: string | null;
}

/** What one channel will publish: its text and media (the variant's, or the base post's). */
export interface PreviewTarget {
  channel: Channel;
  text: string;
  media: PreviewMedia[];
  /** Pre-flight warnings for this channel, in words. */
  warnings?: string[];
  /** The avatar's thumbnail when the caller has it (else the channel's avatar asset is looked up). */
  avatarUrl?: string | null;
}
