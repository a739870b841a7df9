import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channelView, record, records } from '../../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { PostsPanel } from '../PostsPanel';
import { draftFields, draftNotice, draftPlace } from './draft-time';

const draft = record('posts', 'p-new', { text: '', status: 'draft', scheduled_at: '2026-03-12T18:30:00.000Z' });
const shop = channelView({ id: 'c1', name: 'Shop' });

describe('the draft made from a dropped media', () => {
  it('opens in the composer with what was made said above it', async () => {
    const notice = 'Draft made with sunset.jpg for Thu 12 Mar at 18:30, the first free slot of Shop that day.';
    const fake = fakeBackend()
      .answer('records.list', records([draft]))
      .answer('channels.list', [])
      .answer('planner.postAiRequests', [])
      .answer('planner.calendar', { items: [], unscheduled: 0, channels: [] });
    renderWithBackend(<PostsPanel request={{ tab: 'posts', id: 'p-new', seq: 1, notice }} />, fake);
    expect(await screen.findByText(notice)).toBeTruthy();
  });

  it('takes the first slot still ahead, else 09:00 in the zone, and keeps the channel filter then', () => {
    const now = Date.parse('2026-03-12T10:00:00.000Z');
    const past = { at: '2026-03-12T09:00:00.000Z', channel: shop };
    const ahead = { at: '2026-03-12T18:30:00.000Z', channel: shop };
    expect(draftPlace('2026-03-12', [past, ahead], 'UTC', now)).toEqual({ at: ahead.at, slot: ahead });
    const none = draftPlace('2026-03-12', [past], 'Europe/Paris', now);
    expect(none).toEqual({ at: '2026-03-12T08:00:00.000Z', slot: null });
    expect(draftFields(['a1', 'a2'], none, 'Newsletter')).toEqual({
      text: '',
      status: 'draft',
      scheduled_at: '2026-03-12T08:00:00.000Z',
      asset_ids: ['a1', 'a2'],
      channel: 'Newsletter',
    });
    expect(draftNotice('2 media', '2026-03-12', none, 'Europe/Paris')).toMatch(
      /^Draft made with 2 media for .* at 09:00, as there is no free slot left that day\.$/,
    );
  });
});
