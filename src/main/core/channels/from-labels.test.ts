/**
 * A database from before channels (schema 8) with posts naming their channel by a free-text label
 * opens on the current schema with every post unchanged, one channel per label (any case), and each
 * post read as one target of its channel with no variant. A removed channel is not made again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { targetsOf } from '../../../shared/targets';
import { createCore } from '../app';
import { defaultMigrationsDir, nodeDeps } from '../node-deps';
import { isOnChannel } from './channels';

const tmp = tempDirs('channels-from-labels');
const LABELS = ['Instagram', 'instagram', 'TikTok', 'LinkedIn', 'Newsletter', 'YouTube Shorts', 'Twitter'];

function deps(dir: string, migrationsDir: string) {
  const d = nodeDeps({ dataDir: dir, host: 'test', quiet: true });
  d.backups = { autoStart: false };
  d.sync = { autoStart: false };
  d.ai = { autoStart: false };
  return { ...d, paths: { ...d.paths, migrationsDir } };
}

describe('posts with channel labels, migrated to channels and targets', () => {
  it('keep every post and field, make one channel per label, and read each post as one target', async () => {
    const dir = tmp();
    const before = path.join(dir, 'migrations-8');
    fs.mkdirSync(before);
    for (const f of fs.readdirSync(defaultMigrationsDir).filter((f) => f.endsWith('.sql') && f < '0009'))
      fs.copyFileSync(path.join(defaultMigrationsDir, f), path.join(before, f));
    const old = createCore(deps(dir, before));
    const account = old.workspace.account();
    const made = Array.from({ length: 140 }, (_, i) =>
      old.store.create('posts', account, {
        text: `post ${i}`,
        status: i % 3 === 0 ? 'scheduled' : 'draft',
        ...(i % 3 === 0 && { scheduled_at: new Date(Date.UTC(2026, 11, 1 + (i % 20), 9)).toISOString() }),
        // Every eleventh post has no channel.
        ...(i % 11 !== 10 && { channel: LABELS[i % LABELS.length] }),
      }),
    );
    old.store.create('mediaQueue', account, { asset_id: 'a1', channel: 'Pinterest board' });
    const fieldsBefore = new Map(made.map((r) => [r.id, r.data]));
    await old.close();

    const now = createCore(deps(dir, defaultMigrationsDir));
    await now.start();
    try {
      const posts = now.store.list('posts', account, { offset: 0, limit: 1000, includeDeleted: false }).items;
      expect(posts).toHaveLength(140);
      for (const p of posts) expect(JSON.stringify(p.fields)).toBe(fieldsBefore.get(p.id));

      // The pass runs a few seconds after start (it reads every post); run it now.
      expect(now.channels.adoptNamed()).toBe(7);
      const channels = now.channels.list();
      expect(channels.map((c) => [c.name, c.network])).toEqual([
        ['Instagram', 'instagram-feed'],
        ['LinkedIn', 'linkedin'],
        ['Newsletter', 'other'],
        ['Pinterest board', 'pinterest'],
        ['TikTok', 'tiktok'],
        ['Twitter', 'x'],
        ['YouTube Shorts', 'youtube-shorts'],
      ]);
      for (const p of posts) {
        const targets = targetsOf(p.fields);
        const label = p.fields.channel;
        if (typeof label !== 'string') {
          expect(targets).toEqual([]);
          continue;
        }
        expect(targets).toEqual([
          { channelId: null, network: null, name: label, handle: '', text: null, assetIds: null },
        ]);
        // Exactly one channel is the post's.
        expect(channels.filter((c) => isOnChannel(p.fields, c)).map((c) => c.name.toLowerCase())).toEqual([
          label.toLowerCase(),
        ]);
      }

      // Removing a channel the posts still name does not bring it back at the next start.
      const newsletter = channels.find((c) => c.name === 'Newsletter')!;
      now.channels.remove(newsletter.id);
      expect(now.channels.adoptNamed()).toBe(0);
      expect(now.channels.list().map((c) => c.name)).not.toContain('Newsletter');
    } finally {
      await now.close();
    }
  });
});
