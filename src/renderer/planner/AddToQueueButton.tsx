import { useId, useState } from 'react';
import type { Channel } from '../../shared/channels';
import type { PostTarget } from '../../shared/targets';
import { ErrorNote } from '../account/Field';
import { useAction } from '../backend/use-action';
import { QueryError } from '../sync/QueryError';
import type { UseFormReturn } from 'react-hook-form';
import { toLocalInput, whenLabel } from './local-time';
import type { PostValues } from './post-form';
import { targetOf } from './post-targets';
import { useChannels } from './use-channels';

interface Props {
  /** The post's channel label; the channel of that name is offered first. */
  channel: string;
  /** The post's channels: the first is offered first. */
  targets?: readonly PostTarget[];
  tz: string;
  /** The post being placed (its own time takes no slot); absent for a new one. */
  postId?: string;
  /** The next free slot was found: schedule the post there (on that channel). */
  onQueued(at: string, channel: Channel): void;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * "Add to queue": the chosen channel's next free posting slot becomes the post's time, or the reason
 * there is none is said. The channels are asked for only once the person opens it.
 */
export function AddToQueueButton({ channel, targets = [], tz, postId, onQueued }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const channels = useChannels({ enabled: open });
  const next = useAction('channels.nextSlot');
  const all = channels.data ?? [];
  // The post's own channels come first; queuing on another adds it to the post's channels.
  const mine = (c: Channel) => targets.some((t) => t.channel_id === c.id);
  const list = [...all.filter(mine), ...all.filter((c) => !mine(c))];
  const first = targets[0]?.channel_id;
  const chosen =
    list.find((c) => c.id === picked) ??
    list.find((c) => c.id === first) ??
    list.find((c) => sameName(c.name, channel)) ??
    list[0];
  const queue = () => {
    if (!chosen) return;
    setSaid(null);
    next.mutate(
      { channelId: chosen.id, zone: tz, ...(postId !== undefined && { excludeId: postId }) },
      {
        onSuccess: (slot) => {
          if (slot.at === null) return setSaid(slot.reason ?? `${chosen.name} has no free slot.`);
          onQueued(slot.at, chosen);
          setSaid(`Queued for ${whenLabel(slot.at, tz)} on ${chosen.name}; save to keep it.`);
          setOpen(false);
        },
      },
    );
  };
  return (
    <div className="post-queue" data-testid="post-queue">
      {!open ? (
        <button type="button" data-testid="post-queue-open" onClick={() => (setOpen(true), setSaid(null))}>
          Add to queue…
        </button>
      ) : list.length === 0 ? (
        <span className="muted">
          {channels.isPending ? 'Loading channels…' : 'No channels yet: add one with its slots in the Channels tab.'}
        </span>
      ) : (
        <>
          <label htmlFor={`${id}-channel`}>Queue on</label>
          <select id={`${id}-channel`} value={chosen?.id ?? ''} onChange={(e) => setPicked(e.target.value)}>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="primary"
            data-testid="post-queue-go"
            disabled={next.isPending}
            onClick={queue}
          >
            {next.isPending ? 'Finding…' : 'Use the next free slot'}
          </button>
        </>
      )}
      {open && (
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      )}
      {/* Said politely, not as a second status of the form (its own says what saving did). */}
      <span aria-live="polite" className="muted" data-testid="post-queue-said">
        {said ?? ''}
      </span>
      {next.error && <ErrorNote error={next.error} />}
      <QueryError error={channels.error} />
    </div>
  );
}

/**
 * Schedules the post being edited in the slot found, on that slot's channel (so the slot counts as taken):
 * a post with no channels yet gets that one as its target.
 */
export function queueInto(form: UseFormReturn<PostValues, unknown, PostValues>, tz: string) {
  return (at: string, channel: Channel) => {
    const targets = form.getValues('targets');
    if (!targets.some((t) => t.channel_id === channel.id)) form.setValue('targets', [...targets, targetOf(channel)]);
    form.setValue('scheduled_at', toLocalInput(at, tz));
    form.setValue('status', 'scheduled');
  };
}
