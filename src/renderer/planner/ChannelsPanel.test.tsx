import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/channels';
import type { ChannelArgs } from '../../shared/contract';
import { appError, channelView } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { ChannelsPanel } from './ChannelsPanel';

const channel = channelView;

const shop = channel({ id: 'c1', name: 'Shop', handle: '@shop', slots: [{ day: 1, time: '09:00' }] });

/** The panel on a backend that keeps the channels it is given and makes what it is asked to. */
function panel(list: Channel[] = [shop]) {
  const fake = fakeBackend()
    .answer('channels.list', () => list)
    .answer('channels.create', ({ fields }: ChannelArgs<'channels.create'>) => {
      const made = channel({ id: 'c-new', ...fields });
      list = [...list, made];
      return made;
    })
    .answer('channels.remove', ({ id }) => {
      list = list.filter((c) => c.id !== id);
      return {};
    });
  return renderWithBackend(<ChannelsPanel request={null} />, fake);
}

describe('channels panel', () => {
  it('lists each channel with its network and handle', async () => {
    panel();
    const row = await screen.findByTestId('channel-row-c1');
    expect(row.textContent).toContain('Shop');
    expect(row.textContent).toContain('Instagram feed · @shop');
  });

  it('creates a channel with its network, colour and a preset of slots', async () => {
    const { user, fake } = panel([]);
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    await user.selectOptions(screen.getByLabelText('Network'), 'tiktok');
    await user.type(screen.getByLabelText('Name'), 'Clips');
    await user.type(screen.getByLabelText('Handle'), '@clips');
    await user.clear(screen.getByLabelText('Colour (hex)'));
    await user.type(screen.getByLabelText('Colour (hex)'), '#ff0066');
    await user.click(screen.getByRole('button', { name: 'Add slots Mon/Wed/Fri 09:00' }));
    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    await waitFor(() => expect(fake.calls('channels.create')).toHaveLength(1));
    expect(fake.calls('channels.create')[0]!.fields).toMatchObject({
      network: 'tiktok',
      name: 'Clips',
      handle: '@clips',
      colour: '#ff0066',
      rules: null,
      slots: [
        { day: 1, time: '09:00' },
        { day: 3, time: '09:00' },
        { day: 5, time: '09:00' },
      ],
    });
    expect(await screen.findByText('Channel created.')).toBeTruthy();
    expect(await screen.findByTestId('channel-row-c-new')).toBeTruthy();
  });

  it('shows a wrong slot time beside that slot and sends nothing', async () => {
    const { user, fake } = panel();
    await user.click(await screen.findByTestId('channel-row-c1'));
    const time = screen.getByLabelText('Time of slot 1 (HH:MM)');
    await user.clear(time);
    await user.type(time, '9am');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const slot = screen.getByTestId('channel-slot-0');
    expect(within(slot).getByRole('alert').textContent).toMatch(/Write the time as HH:MM/);
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls('channels.update')).toHaveLength(0);
  });

  it('puts the core’s refusal of a name beside the name', async () => {
    const { user, fake } = panel();
    fake.failOnce(
      'channels.create',
      appError({
        code: 'validation',
        message: 'There is already a channel named Shop.',
        issues: [{ path: 'name', message: 'Another channel has this name; names tell channels apart.' }],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    await user.selectOptions(screen.getByLabelText('Network'), 'x');
    await user.type(screen.getByLabelText('Name'), 'Shop');
    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    expect(await screen.findByText('Another channel has this name; names tell channels apart.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('puts the core’s refusal of one slot beside that slot', async () => {
    const { user, fake } = panel();
    fake.answer('channels.update', () => shop);
    fake.failOnce(
      'channels.update',
      appError({
        code: 'validation',
        message: "Some of the channel's fields are not right.",
        issues: [{ path: 'fields.slots.0.time', message: 'This slot falls in a clock change; choose another time.' }],
      }),
    );
    await user.click(await screen.findByTestId('channel-row-c1'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const slot = screen.getByTestId('channel-slot-0');
    expect((await within(slot).findByRole('alert')).textContent).toBe(
      'This slot falls in a clock change; choose another time.',
    );
    expect(screen.getByLabelText('Time of slot 1 (HH:MM)').getAttribute('aria-invalid')).toBe('true');
  });

  it('writes the rules of a channel of type Other from the form', async () => {
    const { user, fake } = panel([]);
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    await user.selectOptions(screen.getByLabelText('Network'), 'other');
    await user.type(screen.getByLabelText('Name'), 'Forum');
    await user.type(screen.getByLabelText('Text limit (characters)'), '500');
    await user.type(screen.getByLabelText('Narrowest ratio'), '4:5');
    await user.type(screen.getByLabelText('Widest ratio'), '16:9');
    await user.type(screen.getByLabelText('Longest video (seconds)'), '90');
    await user.click(screen.getByLabelText('Videos'));
    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    await waitFor(() => expect(fake.calls('channels.create')).toHaveLength(1));
    const rules = fake.calls('channels.create')[0]!.fields.rules;
    expect(rules).toMatchObject({
      name: 'Forum',
      text: { max: 500 },
      media: { kinds: ['image'] },
      image: { ratio: { min: '4:5', max: '16:9' } },
      video: { duration: { maxMs: 90_000 } },
    });
  });

  it('refuses rules whose widest ratio is narrower than the narrowest, at that field', async () => {
    const { user, fake } = panel([]);
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    await user.selectOptions(screen.getByLabelText('Network'), 'other');
    await user.type(screen.getByLabelText('Name'), 'Forum');
    await user.type(screen.getByLabelText('Narrowest ratio'), '16:9');
    await user.type(screen.getByLabelText('Widest ratio'), '4:5');
    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    expect(await screen.findByText(/narrower than the narrowest/)).toBeTruthy();
    expect(screen.getByLabelText('Widest ratio').getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls('channels.create')).toHaveLength(0);
  });

  it('asks before deleting and says posts keep the channel’s name', async () => {
    const { user, fake } = panel();
    await user.click(await screen.findByTestId('channel-row-c1'));
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Shop?' });
    expect(dialog.textContent).toMatch(/Posts and queue items that name Shop keep the name/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fake.calls('channels.remove')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await user.click(await screen.findByRole('button', { name: 'Delete the channel' }));
    await waitFor(() => expect(fake.calls('channels.remove')).toEqual([{ id: 'c1' }]));
    expect(await screen.findByText('No channels yet. Add the places you publish to plan posts for them.')).toBeTruthy();
  });
});
