import type { CSSProperties } from 'react';
import { formatDuration } from '../../library/format';
import type { MediaFrame } from './frames';
import { PreviewThumb } from './PreviewThumb';
import type { PreviewMedia } from './types';

function Item({ media }: { media: PreviewMedia }) {
  const video = media.kind === 'video';
  return (
    <span className="feed-media-item" data-kind={media.kind}>
      <PreviewThumb
        url={media.thumbUrl}
        assetId={media.assetId}
        kind={media.kind}
        alt={media.alt ?? ''}
        className="feed-media-img"
      />
      {video && (
        <span className="feed-play" aria-hidden="true">
          ▶
        </span>
      )}
      {media.alt && (
        // A visible cue that the item has alt text (as feeds show it); the image's alt already reads it out.
        <span className="feed-alt" title={media.alt} aria-hidden="true">
          ALT
        </span>
      )}
      {!media.alt && media.kind === 'image' && (
        // A hint, not a warning: networks publish without it, but people using screen readers miss the image.
        <span className="feed-no-alt">No alt text</span>
      )}
      {video && typeof media.durationMs === 'number' && (
        <span className="feed-duration" aria-label={`Video, ${formatDuration(media.durationMs)}`}>
          {formatDuration(media.durationMs)}
        </span>
      )}
    </span>
  );
}

interface Props {
  media: PreviewMedia[];
  frame: MediaFrame;
}

/** The post's media cropped to the feed's frame: one item, a grid of up to four, or a carousel's first item. */
export function PreviewMediaFrame({ media, frame }: Props) {
  const style: CSSProperties = { aspectRatio: frame.aspect };
  const items = media.slice(0, frame.shown);
  const hidden = media.length - items.length;
  return (
    <div
      className={`feed-media feed-media-${frame.arrangement}`}
      data-count={items.length}
      data-frame={frame.label}
      style={style}
    >
      {items.map((item, index) => (
        <Item key={`${index}:${item.assetId}`} media={item} />
      ))}
      {frame.arrangement === 'carousel' && (
        <span className="feed-counter" aria-label={`1 of ${media.length} media`}>
          1/{media.length}
        </span>
      )}
      {frame.arrangement === 'grid' && hidden > 0 && (
        <span className="feed-counter" aria-label={`${hidden} more media`}>
          +{hidden}
        </span>
      )}
    </div>
  );
}
