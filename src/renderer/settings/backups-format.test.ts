import { describe, expect, it } from 'vitest';
import type { BackupView, RestorePreview } from '../../shared/backups';
import { changeLines, damageTitle, lossSummary, lostLine } from './backups-format';

const backup: BackupView = {
  id: 'b1',
  createdAt: '2026-05-01T09:00:00.000Z',
  sizeBytes: 1024,
  appVersion: '1.0.0',
  schemaVersion: 6,
  reason: 'daily',
  ok: true,
  problem: null,
  records: 10,
  mediaFiles: 2,
};
const preview = (over: Partial<RestorePreview>): RestorePreview => ({
  backup,
  changes: [],
  unsent: [],
  unreadable: null,
  missingMedia: 0,
  ...over,
});

describe('backup wording', () => {
  it('lists changes since a backup by group and count', () => {
    expect(
      changeLines([
        { group: 'posts', created: 2, changed: 1, deleted: 0 },
        { group: 'mediaQueue', created: 0, changed: 0, deleted: 3 },
      ]),
    ).toEqual(['Posts: 2 created, 1 changed', 'Media queue: 3 deleted']);
  });

  it('names each lost change by its record', () => {
    expect(
      lostLine({
        group: 'posts',
        recordId: 'p1',
        label: 'Summer sale',
        op: 'create',
        at: '2026-05-01T10:00:00Z',
        maybeSent: false,
      }),
    ).toBe('Post “Summer sale” (new, never sent)');
    expect(
      lostLine({
        group: 'mediaQueue',
        recordId: 'q1',
        label: 'beach.png',
        op: 'update',
        at: '2026-05-01T10:00:00Z',
        maybeSent: true,
      }),
    ).toBe('Media queue item “beach.png” (changed, sent, but the platform never confirmed it)');
  });

  it('sums up what a restore loses, or that it loses nothing, or that it cannot tell', () => {
    expect(lossSummary(preview({}))).toBe('Nothing has changed since this backup: restoring it loses nothing.');
    const lost = {
      group: 'posts' as const,
      recordId: 'p',
      label: 'x',
      op: 'create' as const,
      at: '',
      maybeSent: false,
    };
    expect(
      lossSummary(preview({ changes: [{ group: 'posts', created: 2, changed: 1, deleted: 0 }], unsent: [lost] })),
    ).toBe('3 records changed since this backup. 1 change never reached the platform and will be lost for good.');
    expect(lossSummary(preview({ unreadable: 'file is not a database' }))).toMatch(/cannot be read/);
  });

  it('titles the recovery screen by what was found', () => {
    const damage = { message: '', hint: '', during: 'start' as const, detectedAt: '', file: '' };
    expect(damageTitle({ ...damage, kind: 'corrupt' })).toBe("Atelier's database is damaged");
    expect(damageTitle({ ...damage, kind: 'newer' })).toBe('This database is from a newer version of Atelier');
  });
});
