import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { AutomationAction } from '../../shared/automations';
import type { Channel } from '../../shared/channels';
import { channelView } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { ActionFields } from './ActionFields';
import { cleanAction } from './action-list';

const insta = channelView({ id: 'c-insta', name: 'Instagram' });
const x = channelView({ id: 'c-x', name: 'X main', network: 'x' });

/** The action's fields, keeping each change, with what was last handed on. */
function fields(start: AutomationAction, channels: Channel[]) {
  const seen: AutomationAction[] = [];
  function Host() {
    const [a, setA] = useState(start);
    return (
      <ActionFields
        action={a}
        templates={[]}
        problem={undefined}
        onChange={(next) => {
          seen.push(next);
          setA(next);
        }}
      />
    );
  }
  const r = renderWithBackend(
    <Host />,
    fakeBackend().answer('channels.list', () => channels),
  );
  return { ...r, seen };
}

const post = (over: Partial<Extract<AutomationAction, { type: 'post_from_template' }>> = {}): AutomationAction => ({
  type: 'post_from_template',
  template_id: 't1',
  values: {},
  ...over,
});

describe('the channels of an automation that posts', () => {
  it('shows an old rule’s label as its channel chosen, and ticking another makes a list of ids', async () => {
    const { user, seen } = fields(post({ channel: 'instagram' }), [insta, x]);
    const box = await screen.findByRole('checkbox', { name: /Instagram/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /X main/ }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /X main/ }));
    const last = seen.at(-1)!;
    expect(last).toEqual(post({ channel_ids: ['c-insta', 'c-x'] }));
    expect(cleanAction(last)).toEqual(post({ channel_ids: ['c-insta', 'c-x'] }));
    await user.click(screen.getByRole('checkbox', { name: /Instagram/ }));
    expect(seen.at(-1)).toEqual(post({ channel_ids: ['c-x'] }));
  });

  it('keeps a label that is no channel, said in words; typing a channel’s name ticks it instead', async () => {
    const { user, seen } = fields(post({ channel: 'Newsletter' }), [insta, x]);
    expect((await screen.findByTestId('action-channel-hint')).textContent).toBe(
      '“Newsletter” is not one of your channels: the post keeps it as its label.',
    );
    expect((screen.getByRole('checkbox', { name: /Instagram/ }) as HTMLInputElement).checked).toBe(false);
    const box = screen.getByLabelText('Or one channel by name');
    await user.clear(box);
    await user.type(box, 'x main');
    expect(seen.at(-1)).toEqual(post({ channel: 'x main' }));
    expect((screen.getByRole('checkbox', { name: /X main/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('action-channel-hint')).toBeNull();
    // Ticking a box makes a list of ids, and the name field is emptied (the rule has one or the other).
    await user.click(screen.getByRole('checkbox', { name: /Instagram/ }));
    expect(seen.at(-1)).toEqual(post({ channel_ids: ['c-x', 'c-insta'] }));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('warns that a chosen channel was deleted', async () => {
    fields(post({ channel_ids: ['c-insta', 'c-gone'] }), [insta]);
    expect((await screen.findByTestId('action-channels-gone')).textContent).toBe(
      'A channel this rule posted to was deleted. Tick the channels again, or the rule will fail when it runs.',
    );
    expect((screen.getByRole('checkbox', { name: /Instagram/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the free label when there are no channels yet', async () => {
    const { user, seen } = fields(post(), []);
    await user.type(await screen.findByLabelText('Channel (optional)'), 'Zine');
    expect(seen.at(-1)).toEqual(post({ channel: 'Zine' }));
    expect(screen.getByText('Add channels in the Channels tab to choose one or more here.')).toBeTruthy();
  });
});
