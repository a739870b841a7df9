import type { Channel } from '../../shared/channels';
import { QueryError } from '../sync/QueryError';
import { AssetThumbById } from './AssetThumbById';
import { ChannelEditor } from './ChannelEditor';
import { networkName } from './channel-form';
import { ItemList } from './ItemList';
import type { OpenRequest } from './tabs';
import { useChannelEvents, useChannels } from './use-channels';
import { NEW } from './use-list-editor';
import { useChosenItem } from './use-chosen-item';

/** A channel's look in lists: its colour and, when it has one, its avatar. */
export function ChannelBadge({ channel }: { channel: Channel }) {
  return (
    <span className="channel-badge">
      <span className="channel-dot" style={{ background: channel.colour }} aria-hidden="true" />
      {channel.avatarAssetId && (
        <span className="channel-avatar" aria-hidden="true">
          <AssetThumbById id={channel.avatarAssetId} />
        </span>
      )}
    </span>
  );
}

/** The creator's channels (network, handle, look, weekly slots) and the editor of one. */
export function ChannelsPanel({ request }: { request: OpenRequest | null }) {
  useChannelEvents();
  const list = useChannels();
  const channels = list.data ?? [];
  const { selected, chosen, editorKey, missing, notice, select, saved, close } = useChosenItem(request, list.data);
  return (
    <div className="planner-split">
      <section className="card planner-list-card" aria-labelledby="channels-title">
        <div className="planner-list-head">
          <h2 id="channels-title">Channels</h2>
          <button type="button" className="primary" data-testid="channel-new" onClick={() => select(NEW)}>
            New channel
          </button>
        </div>
        <ItemList
          label="Channels"
          items={channels.map((c) => ({
            id: c.id,
            label: c.name,
            meta: [networkName(c.network), c.handle].filter(Boolean).join(' · '),
            badge: <ChannelBadge channel={c} />,
          }))}
          selected={selected}
          testId={(id) => `channel-row-${id}`}
          empty="No channels yet. Add the places you publish to plan posts for them."
          onSelect={select}
        />
      </section>
      <div className="planner-detail">
        <QueryError error={list.error} />
        {selected === NEW || chosen ? (
          <ChannelEditor key={editorKey} channel={chosen} notice={notice} onSaved={saved} onDeleted={close} />
        ) : (
          <p className="card muted planner-hint">
            {missing
              ? 'This channel no longer exists.'
              : 'Choose a channel to edit its network, look and posting slots, or add a new one.'}
          </p>
        )}
      </div>
    </div>
  );
}
