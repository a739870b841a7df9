import { useId } from 'react';
import type { Channel } from '../../shared/channels';
import type { PostTarget } from '../../shared/targets';
import { ChannelChecklist } from './ChannelChecklist';
import { usePlannerNav } from './planner-nav';
import type { ComposedTarget } from './use-composed-targets';

interface Props {
  channels: readonly Channel[];
  loading: boolean;
  targets: readonly PostTarget[];
  composed: readonly ComposedTarget[];
  /** An old post's channel label that names no channel here (kept until the targets change). */
  legacyLabel: string;
  onToggle(channel: Channel): void;
  onRemove(channelId: string): void;
  onDropLabel(): void;
}

const plural = (n: number) => `${n} warning${n === 1 ? '' : 's'}`;

/** The chosen channels as chips: colour, name, a warning count, and a button to take each off. */
function Chips({
  composed,
  legacyLabel,
  onRemove,
  onDropLabel,
}: Omit<Props, 'channels' | 'loading' | 'onToggle' | 'targets'>) {
  if (composed.length === 0 && legacyLabel === '') return null;
  return (
    <ul className="plain row target-chips" aria-label="Chosen channels">
      {composed.map(({ channel, checks }) => (
        <li key={channel.id} className="target-chip" data-testid={`target-chip-${channel.id}`}>
          <span className="channel-dot" style={{ background: channel.colour }} aria-hidden="true" />
          <span>{channel.name}</span>
          {checks.length > 0 && (
            <span className="target-chip-count" data-testid="target-chip-warnings">
              <span aria-hidden="true">⚠ </span>
              {plural(checks.length)}
            </span>
          )}
          <button
            type="button"
            className="lib-small"
            aria-label={`Remove ${channel.name}`}
            onClick={() => onRemove(channel.id)}
          >
            ×
          </button>
        </li>
      ))}
      {composed.length === 0 && legacyLabel !== '' && (
        <li className="target-chip is-legacy" data-testid="target-chip-label">
          <span>{legacyLabel}</span>
          <span className="muted"> (not a channel yet)</span>
          <button type="button" className="lib-small" aria-label={`Remove ${legacyLabel}`} onClick={onDropLabel}>
            ×
          </button>
        </li>
      )}
    </ul>
  );
}

/** Where the post goes: one or more of the creator's channels, ticked in a labelled list. */
export function TargetChooser(props: Props) {
  const id = useId();
  const nav = usePlannerNav();
  const { channels, loading, targets, onToggle } = props;
  const chosen = new Set(targets.map((t) => t.channel_id));
  return (
    <fieldset className="planner-fieldset target-chooser" data-testid="post-targets" aria-describedby={`${id}-hint`}>
      <legend>Channels</legend>
      <Chips {...props} />
      {channels.length === 0 ? (
        <p id={`${id}-hint`} className="muted">
          {loading ? 'Loading channels…' : 'No channels yet. '}
          {!loading &&
            (nav ? (
              <button type="button" className="link-button" onClick={() => nav('channels')}>
                Add one in the Channels tab
              </button>
            ) : (
              'Add one in the Channels tab.'
            ))}
        </p>
      ) : (
        <>
          <p id={`${id}-hint`} className="muted">
            Tick every channel this post goes to.
          </p>
          <ChannelChecklist
            channels={channels}
            isChecked={(c) => chosen.has(c.id)}
            testId={(c) => `target-option-${c.id}`}
            onToggle={onToggle}
          />
        </>
      )}
    </fieldset>
  );
}
