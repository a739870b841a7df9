import { useId } from 'react';
import type { Channel } from '../../shared/channels';
import { ChannelChecklist } from './ChannelChecklist';
import { useChannels } from './use-channels';

/** The channel part of a "post from a template" action. */
export interface ActionChannelsValue {
  channel_ids?: string[] | undefined;
  channel?: string | undefined;
}

interface Props {
  value: ActionChannelsValue;
  onChange(v: ActionChannelsValue): void;
}

/**
 * The channels ticked: the rule's ids, else (a rule saved with one label) the channel of that name.
 * Ids of channels deleted since are not shown ticked; `gone` counts them.
 */
export function chosenChannels(
  value: ActionChannelsValue,
  channels: readonly Channel[],
): { ids: string[]; gone: number; label: string } {
  const known = new Set(channels.map((c) => c.id));
  const ids = value.channel_ids ?? [];
  if (ids.length > 0)
    return { ids: ids.filter((i) => known.has(i)), gone: ids.filter((i) => !known.has(i)).length, label: '' };
  const label = value.channel?.trim() ?? '';
  const named = channels.find((c) => c.name.toLowerCase() === label.toLowerCase());
  return named ? { ids: [named.id], gone: 0, label: '' } : { ids: [], gone: 0, label };
}

/**
 * One channel by name: a name of one of the channels ticks it; another is kept as the post's label. Typing
 * here replaces the ticked channels (a rule has either), as rules saved before channel lists did.
 */
function LabelField({ id, value, onChange, title, note }: Props & { id: string; title: string; note: string }) {
  const ticked = (value.channel_ids ?? []).length > 0;
  return (
    <div className="field">
      <label htmlFor={`${id}-channel`}>{title}</label>
      <input
        id={`${id}-channel`}
        data-testid="action-channel"
        maxLength={100}
        aria-describedby={note === '' ? undefined : `${id}-channel-hint`}
        value={ticked ? '' : (value.channel ?? '')}
        onChange={(e) => onChange({ channel: e.target.value })}
      />
      {note !== '' && (
        <p id={`${id}-channel-hint`} className="muted" data-testid="action-channel-hint">
          {note}
        </p>
      )}
    </div>
  );
}

/** Which channels the rule's post goes to: one or more of the creator's channels, ticked. */
export function ActionChannels({ value, onChange }: Props) {
  const id = useId();
  const list = useChannels();
  const channels = list.data ?? [];
  if (list.isPending) return <p className="muted">Loading channels…</p>;
  if (channels.length === 0)
    return (
      <LabelField
        id={id}
        value={value}
        onChange={onChange}
        title="Channel (optional)"
        note="Add channels in the Channels tab to choose one or more here."
      />
    );
  const { ids, gone, label } = chosenChannels(value, channels);
  const toggle = (c: Channel) => {
    const next = ids.includes(c.id) ? ids.filter((i) => i !== c.id) : [...ids, c.id];
    // Ticked channels replace an old label: the post's label becomes its first channel's name.
    onChange({ channel_ids: next });
  };
  return (
    <fieldset className="planner-fieldset target-chooser" data-testid="action-channels">
      <legend>Channels (optional)</legend>
      {gone > 0 && (
        <p className="form-error" role="alert" data-testid="action-channels-gone">
          {gone === 1
            ? 'A channel this rule posted to was deleted.'
            : `${gone} channels this rule posted to were deleted.`}{' '}
          Tick the channels again, or the rule will fail when it runs.
        </p>
      )}
      <ChannelChecklist
        channels={channels}
        isChecked={(c) => ids.includes(c.id)}
        testId={(c) => `action-channel-${c.id}`}
        onToggle={toggle}
      />
      <LabelField
        id={id}
        value={value}
        onChange={onChange}
        title="Or one channel by name"
        note={label === '' ? '' : `“${label}” is not one of your channels: the post keeps it as its label.`}
      />
    </fieldset>
  );
}
