import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Channel } from '../../shared/channels';
import { SubmitError } from '../ai/SubmitError';
import { FormField } from '../forms/FormField';
import { useZodForm } from '../forms/use-zod-form';
import { ChannelAvatarField } from './ChannelAvatarField';
import { ChannelDelete } from './ChannelDelete';
import {
  channelFields,
  channelSchema,
  channelValues,
  checkRules,
  issueFields,
  networkGroups,
  type ChannelValues,
} from './channel-form';
import { ChannelRulesEditor } from './ChannelRulesEditor';
import { ChannelSlotsEditor } from './ChannelSlotsEditor';
import { useChannelAction } from './use-channels';

interface Props {
  /** The channel being edited; null for a new one. */
  channel: Channel | null;
  notice: string | null;
  onSaved(channel: Channel, notice: string): void;
  onDeleted(): void;
}

export type ChannelForm = UseFormReturn<ChannelValues, unknown, ChannelValues>;

/** Network, name, handle and colour. */
function IdentityFields({ form, errorOf }: { form: ChannelForm; errorOf(name: string): string | undefined }) {
  const colour = form.watch('colour');
  return (
    <div className="planner-fields">
      <FormField label="Network" error={errorOf('network')}>
        {(c) => (
          <select {...c} data-testid="channel-network" {...form.register('network')}>
            <option value="">Choose a network…</option>
            {networkGroups().map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Name" hint="How you call it in Atelier, such as “Shop on Instagram”." error={errorOf('name')}>
        {(c) => <input {...c} data-testid="channel-name" maxLength={100} {...form.register('name')} />}
      </FormField>
      <FormField label="Handle" hint="Such as @atelier." error={errorOf('handle')}>
        {(c) => <input {...c} data-testid="channel-handle" maxLength={200} {...form.register('handle')} />}
      </FormField>
      <FormField label="Colour (hex)" error={errorOf('colour')}>
        {(c) => (
          <span className="planner-inline">
            <input
              type="color"
              aria-label="Pick the colour"
              value={/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#000000'}
              onChange={(e) => form.setValue('colour', e.target.value, { shouldDirty: true })}
            />
            <input {...c} data-testid="channel-colour" maxLength={7} size={8} {...form.register('colour')} />
          </span>
        )}
      </FormField>
    </div>
  );
}

/** A channel's editor: who it is, its look, its weekly slots and (for Other) its rules; save and delete. */
export function ChannelEditor({ channel, notice, onSaved, onDeleted }: Props) {
  const id = useId();
  const create = useChannelAction('channels.create');
  const update = useChannelAction('channels.update');
  const stored = () => channel?.rules ?? null;
  const { form, onSubmit, errorOf, saved, failure, busy } = useZodForm<ChannelValues, Channel>({
    schema: channelSchema(stored),
    defaultValues: channelValues(channel),
    check: checkRules,
    notice,
    fields: issueFields(100),
    send: async (values) => {
      const fields = channelFields(values, stored());
      const next = channel
        ? await update.mutateAsync({ id: channel.id, fields })
        : await create.mutateAsync({ fields });
      form.reset(channelValues(next));
      onSaved(next, channel ? 'Saved.' : 'Channel created.');
      return next;
    },
  });
  const network = form.watch('network');
  return (
    <form
      className="card form planner-editor"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={onSubmit}
      data-testid="channel-editor"
    >
      <h2 id={`${id}-title`}>{channel ? `Edit ${channel.name}` : 'New channel'}</h2>
      <IdentityFields form={form} errorOf={errorOf} />
      <ChannelAvatarField form={form} error={errorOf('avatarAssetId')} />
      <ChannelSlotsEditor form={form} errorOf={errorOf} />
      {network === 'other' && <ChannelRulesEditor form={form} errorOf={errorOf} />}
      <SubmitError error={failure} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="channel-save" disabled={busy}>
          {busy ? 'Saving…' : channel ? 'Save' : 'Create channel'}
        </button>
        {channel && <ChannelDelete channel={channel} busy={busy} onDeleted={onDeleted} />}
        <span role="status" className="muted" data-testid="channel-saved">
          {saved ?? ''}
        </span>
      </div>
    </form>
  );
}
