import { describe, expect, it } from 'vitest';
import type { RecordView } from '../../shared/records';
import { postFields, postValues } from './post-form';

const post: RecordView = {
  id: 'p1',
  group: 'posts',
  remoteId: null,
  version: null,
  fields: {
    text: 'Hello',
    status: 'scheduled',
    channel: 'Instagram',
    scheduled_at: '2026-05-04T09:00:00Z',
    asset_ids: ['a1'],
  },
  createdAt: '2026-05-01T09:00:00Z',
  updatedAt: '2026-05-01T09:00:00Z',
  deleted: false,
  syncState: 'local',
  pending: 0,
  failed: null,
};

describe('post form', () => {
  it('loads a post’s fields, the time as the local input shows it, the plans untouched', () => {
    expect(postValues(post, 'UTC')).toEqual({
      text: 'Hello',
      channel: 'Instagram',
      targets: [],
      targets_stored: false,
      scheduled_at: '2026-05-04T09:00',
      status: 'scheduled',
      asset_ids: ['a1'],
      plan_ids: null,
    });
    expect(postValues(null, 'UTC')).toEqual({
      text: '',
      channel: '',
      targets: [],
      targets_stored: false,
      scheduled_at: '',
      status: 'draft',
      asset_ids: [],
      plan_ids: null,
    });
  });

  it('gives back the stored fields: the time in UTC, an empty channel or time as no value', () => {
    expect(postFields(postValues(post, 'UTC'), 'UTC')).toEqual({
      text: 'Hello',
      status: 'scheduled',
      channel: 'Instagram',
      scheduled_at: '2026-05-04T09:00:00.000Z',
      asset_ids: ['a1'],
    });
    expect(postFields({ ...postValues(post, 'UTC'), channel: '  ', scheduled_at: '' }, 'UTC')).toMatchObject({
      channel: undefined,
      scheduled_at: undefined,
    });
  });
});
