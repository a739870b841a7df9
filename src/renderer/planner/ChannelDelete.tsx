import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import type { Channel } from '../../shared/channels';
import { ErrorNote } from '../account/Field';
import { useChannelAction } from './use-channels';

/** Delete a channel after saying what that means: posts naming it keep the name. */
export function ChannelDelete({ channel, busy, onDeleted }: { channel: Channel; busy: boolean; onDeleted(): void }) {
  const [asking, setAsking] = useState(false);
  const remove = useChannelAction('channels.remove');
  const confirm = () =>
    remove.mutate(
      { id: channel.id },
      {
        onSuccess: () => {
          setAsking(false);
          onDeleted();
        },
      },
    );
  return (
    <>
      {/* Radix closes it on Escape and gives the focus back to "Delete…". */}
      <AlertDialog.Root open={asking} onOpenChange={setAsking}>
        <AlertDialog.Trigger type="button" className="danger" data-testid="channel-delete" disabled={busy}>
          Delete…
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          {/* Not AlertDialog.Overlay: its scroll lock writes a <style> element, which the page's CSP refuses. */}
          <div className="modal-overlay" />
          <AlertDialog.Content className="picker" data-testid="channel-delete-dialog">
            <div className="picker-head">
              <AlertDialog.Title>Delete {channel.name}?</AlertDialog.Title>
            </div>
            <AlertDialog.Description>
              Its posting slots and settings go. Posts and queue items that name {channel.name} keep the name, and
              nothing is deleted from them.
            </AlertDialog.Description>
            {remove.error && <ErrorNote error={remove.error} />}
            <div className="row">
              <button type="button" className="danger" disabled={remove.isPending} onClick={confirm}>
                Delete the channel
              </button>
              <AlertDialog.Cancel type="button">Keep it</AlertDialog.Cancel>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
