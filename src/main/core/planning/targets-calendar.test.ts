/**
 * The calendar knows a post's targets: it lists every channel a post goes to, filters by any of
 * them, warns of a slot shared on any of them, and counts a variant's media with the post's own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, harnesses } from '../../../../test/support/core-with-sandbox';
import { makeVideo } from '../media/test-media';
import { make, plannerOf } from './test-kit';

const harness = harnesses();
const DAY = { from: '2026-12-01T00:00:00Z', to: '2026-12-02T00:00:00Z', zone: 'UTC' };
const insta = { channel_id: 'c1', network: 'instagram-feed', name: 'Insta' };
const x = { channel_id: 'c2', network: 'x', name: 'X main' };

describe('the calendar with targets', () => {
  it('lists, filters and warns by every channel a post goes to', async () => {
    const h = await harness();
    const p = plannerOf(h);
    const media = make(h, 'assets', { name: 'wide.png' });
    const variant = make(h, 'assets', { name: 'tall.png' });
    const both = make(h, 'posts', {
      text: 'Launch',
      scheduled_at: '2026-12-01T09:00:00Z',
      asset_ids: [media],
      targets: [insta, { ...x, asset_ids: [variant] }],
      channel: 'Insta',
    });
    const onX = make(h, 'posts', { text: 'Teaser', scheduled_at: '2026-12-01T09:10:00Z', channel: 'x MAIN' });
    const elsewhere = make(h, 'posts', {
      text: 'Other',
      scheduled_at: '2026-12-01T09:05:00Z',
      targets: [{ channel_id: 'c3', network: 'tiktok', name: 'TikTok' }],
    });

    const day = await p.run('planner.calendar', DAY);
    const item = (id: string) => day.items.find((i) => i.id === id)!;
    expect(item(both).targets).toEqual([
      { channelId: 'c1', network: 'instagram-feed', name: 'Insta' },
      { channelId: 'c2', network: 'x', name: 'X main' },
    ]);
    expect(item(both).assetIds).toEqual([media, variant]);
    // The post on Insta and X shares X's 09:00 slot with the teaser (labels compare without case)…
    expect(item(both).warnings.map((w) => w.message)).toEqual(['Also on X main at 09:10: “Teaser”']);
    expect(item(onX).warnings.map((w) => w.message)).toEqual(['Also on x MAIN at 09:00: “Launch”']);
    // …and nothing with the TikTok post five minutes away.
    expect(item(elsewhere).warnings).toEqual([]);

    const xOnly = await p.run('planner.calendar', { ...DAY, channel: 'X Main' });
    expect(xOnly.items.map((i) => i.id).sort()).toEqual([both, onX].sort());
    const instaOnly = await p.run('planner.calendar', { ...DAY, channel: 'insta' });
    expect(instaOnly.items.map((i) => i.id)).toEqual([both]);
    // Drafts with no time count on every channel they go to, not only the first.
    make(h, 'posts', { text: 'Idea', targets: [insta, x], channel: 'Insta' });
    make(h, 'posts', { text: 'Other idea', channel: 'x main' });
    expect((await p.run('planner.calendar', { ...DAY, channel: 'X main' })).unscheduled).toBe(2);
    expect((await p.run('planner.calendar', { ...DAY, channel: 'Insta' })).unscheduled).toBe(1);
  });

  it('warns, per target and in words, of what breaks its channel rules — never for a published post', async () => {
    const h = await harness();
    const insta = await call(h, 'channels.create', { fields: { network: 'instagram-feed', name: 'Studio Insta' } });
    await call(h, 'channels.create', { fields: { network: 'x', name: 'Studio X' } });
    const banner = make(h, 'assets', {
      name: 'banner.jpg',
      kind: 'image',
      mime_type: 'image/jpeg',
      width: 4000,
      height: 1000,
    });
    const square = make(h, 'assets', {
      name: 'sq.jpg',
      kind: 'image',
      mime_type: 'image/jpeg',
      width: 1080,
      height: 1080,
    });
    const targets = [
      { channel_id: insta.id, network: 'instagram-feed', name: 'Studio Insta' },
      // Found by its name: the id is another computer's.
      { channel_id: 'elsewhere', network: 'x', name: 'Studio X', text: 'x'.repeat(300), asset_ids: [square] },
    ];
    const post = make(h, 'posts', { text: 'Hi', asset_ids: [banner], targets, scheduled_at: '2026-12-01T12:00:00Z' });
    const done = make(h, 'posts', {
      text: 'Old',
      asset_ids: [banner],
      targets,
      status: 'published',
      scheduled_at: '2026-12-01T15:00:00Z',
    });
    const day = await call(h, 'planner.calendar', DAY);
    const warnings = day.items.find((i) => i.id === post)!.warnings.filter((w) => w.kind === 'preflight');
    expect(warnings.map((w) => [w.code, w.message])).toEqual([
      ['image.ratio', 'Studio Insta: Instagram feed wants 4:5 to 1.91:1; this image is 4:1.'],
      ['image.too-large', 'Studio Insta: Instagram feed wants images at most 1440 px wide; this image is 4000×1000.'],
      ['text.too-long', 'Studio X: X allows 280 characters; this text counts 300.'],
    ]);
    expect(day.items.find((i) => i.id === done)!.warnings).toEqual([]);
  });

  it('checks the frame rate an imported video was probed with against its channel', async () => {
    const h = await harness();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-fps-'));
    try {
      // Made at 10 frames per second: TikTok wants 23 to 60.
      const clip = await makeVideo(dir, 'slow.mp4', { seconds: 1 });
      const tiktok = await call(h, 'channels.create', { fields: { network: 'tiktok', name: 'TikTok' } });
      const { imported } = await call(h, 'library.import', { paths: [clip] });
      const asset = await call(h, 'library.get', { id: imported[0]!.id });
      expect(asset.fields.fps).toBe(10);
      const post = make(h, 'posts', {
        text: 'Clip',
        status: 'scheduled',
        scheduled_at: '2026-12-01T12:00:00Z',
        asset_ids: [asset.id],
        targets: [{ channel_id: tiktok.id, network: 'tiktok', name: 'TikTok' }],
      });
      const day = await call(h, 'planner.calendar', DAY);
      const warnings = day.items.find((i) => i.id === post)!.warnings;
      expect(warnings.filter((w) => w.kind === 'preflight').map((w) => w.message)).toContainEqual(
        expect.stringMatching(/^TikTok: .*10 fps/),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
