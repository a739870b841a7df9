import { memo, useMemo } from 'react';
import type { Channel } from '../../../shared/channels';
import { networkNames } from '../../../shared/networks';
import { handleOf } from './avatar';
import { networkOf, targetOf } from './channel-target';
import { frameFor, mediaOrder } from './frames';
import { PreviewAvatar } from './PreviewAvatar';
import { PreviewMediaFrame } from './PreviewMediaFrame';
import { PreviewText } from './PreviewText';
import type { PreviewTarget } from './types';
import { sameTarget } from './same-target';

export type ChannelPreviewProps = PreviewTarget;

function Header({ channel, network, avatarUrl }: { channel: Channel; network: string; avatarUrl: string | null }) {
  return (
    <header className="feed-head">
      <PreviewAvatar {...channel} url={avatarUrl} />
      <span className="feed-names">
        <span className="feed-name">{channel.name}</span>
        {channel.handle && <span className="feed-handle">{handleOf(channel.handle)}</span>}
      </span>
      <span className="feed-network">{network}</span>
    </header>
  );
}

function Warnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="feed-warnings" aria-label="Warnings for this channel">
      {warnings.map((warning, index) => (
        <li key={`${index}:${warning}`}>{warning}</li>
      ))}
    </ul>
  );
}

/** How a post looks in one channel's feed: who posts it, the text as the feed cuts it, the media as it frames it. */
function ChannelPreviewView({ channel, text, media, warnings = [], avatarUrl = null }: ChannelPreviewProps) {
  const network = networkOf(channel);
  const target = useMemo(() => targetOf(channel), [channel]);
  const frame = useMemo(() => frameFor(network, media), [network, media]);
  const order = mediaOrder(network);
  const networkName = network ? networkNames[network] : 'Other';
  const header = <Header channel={channel} network={networkName} avatarUrl={avatarUrl} />;
  const body = <PreviewText text={text} target={target} />;
  const pictures = frame ? (
    <PreviewMediaFrame media={media} frame={frame} />
  ) : (
    order === 'overlay' && <div className="feed-media feed-media-none">No media yet</div>
  );
  return (
    <article
      className={`feed-card feed-${order} feed-net-${network ?? 'other'}`}
      aria-label={`${networkName} preview for ${channel.name}`}
      data-network={network ?? 'other'}
    >
      {order === 'overlay' ? (
        <div className="feed-stage">
          {pictures}
          <div className="feed-overlay-top">{header}</div>
          <div className="feed-overlay-bottom">{body}</div>
        </div>
      ) : order === 'media-first' ? (
        <>
          {header}
          {pictures}
          {body}
        </>
      ) : (
        <>
          {header}
          {body}
          {pictures}
        </>
      )}
      <Warnings warnings={warnings} />
    </article>
  );
}

/** Re-renders only when what it shows changes: a composer may rebuild its target list on every keystroke. */
export const ChannelPreview = memo(ChannelPreviewView, (a, b) => sameTarget(a, b) && a.avatarUrl === b.avatarUrl);

export type { PreviewMedia, PreviewTarget } from './types';
