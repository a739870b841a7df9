import { describe, expect, it } from 'vitest';
import { BackupIdInput, channelsWhileDamaged } from './backups';
import { channelNames } from './contract';

describe('backups contract', () => {
  it('serves only real channels while damaged, and never one that writes records', () => {
    for (const channel of channelsWhileDamaged) expect(channelNames).toContain(channel);
    expect(channelsWhileDamaged).not.toContain('records.create');
    expect(channelsWhileDamaged).not.toContain('backups.create');
  });

  it('takes only plain backup ids, never a path', () => {
    expect(BackupIdInput.safeParse({ id: '2026-05-01T09-00-00-000Z-a1b2c3' }).success).toBe(true);
    for (const id of ['../atelier', 'a/b', '..', '', 'x'.repeat(81), 'name.db'])
      expect(BackupIdInput.safeParse({ id }).success, id).toBe(false);
  });
});
