import type { Channel } from '../../shared/channels';
import { networkName } from './channel-form';

/** Channels as a list of ticks, each with its colour and network: where a post or a rule goes. */
export function ChannelChecklist({
  channels,
  isChecked,
  testId,
  onToggle,
}: {
  channels: readonly Channel[];
  isChecked(channel: Channel): boolean;
  testId(channel: Channel): string;
  onToggle(channel: Channel): void;
}) {
  return (
    <ul className="plain target-options">
      {channels.map((c) => (
        <li key={c.id}>
          <label className="target-option">
            <input type="checkbox" data-testid={testId(c)} checked={isChecked(c)} onChange={() => onToggle(c)} />
            <span className="channel-dot" style={{ background: c.colour }} aria-hidden="true" />
            {c.name}
            <span className="muted"> · {networkName(c.network)}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
