import { useId, useState } from 'react';
import { AssetPicker } from './AssetPicker';
import { AssetThumbById, useAssetName } from './AssetThumbById';
import type { ChannelForm } from './ChannelEditor';

function Chosen({ id }: { id: string }) {
  const name = useAssetName(id);
  return (
    <span className="planner-inline">
      <span className="channel-avatar-large">
        <AssetThumbById id={id} />
      </span>
      <span>{name}</span>
    </span>
  );
}

/** The channel's avatar: an image from the library (the previews show it), or none. */
export function ChannelAvatarField({ form, error }: { form: ChannelForm; error: string | undefined }) {
  const id = useId();
  const [picking, setPicking] = useState(false);
  const avatar = form.watch('avatarAssetId');
  const set = (value: string | null) => form.setValue('avatarAssetId', value, { shouldDirty: true });
  return (
    <div className="field" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field-label">
        Avatar
      </span>
      <span className="planner-inline">
        {avatar ? <Chosen id={avatar} /> : <span className="muted">None</span>}
        <button type="button" data-testid="channel-avatar-pick" onClick={() => setPicking(true)}>
          {avatar ? 'Change…' : 'Choose from the library…'}
        </button>
        {avatar && (
          <button type="button" aria-label="Remove the avatar" onClick={() => set(null)}>
            Remove
          </button>
        )}
      </span>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
      {picking && (
        <AssetPicker
          title="Choose the channel's avatar"
          kind="image"
          onPick={(asset) => {
            set(asset.id);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
