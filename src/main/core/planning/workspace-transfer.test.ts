/**
 * Workspace export and import on real cores: a round trip keeps every record (ids, fields,
 * references) and every file; a non-empty workspace and a damaged file are refused.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LibraryQuery } from '../../../shared/library';
import { resourceGroups } from '../../../shared/profile';
import { call, harnesses, type Harness } from '../../../../test/support/core-with-sandbox';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { AppException } from '../errors';
import { makeImage } from '../media/test-media';
import { contentHandlers } from './handlers-content';
import { WorkspaceTransfer } from './workspace-transfer';

const harness = harnesses();
const tmp = tempDirs('transfer');

const transferOf = (h: Harness) =>
  new WorkspaceTransfer({
    store: h.core.store,
    blobs: h.core.blobs,
    account: () => h.core.workspace.account(),
    now: () => Date.parse('2026-03-10T12:00:00Z'),
  });

const transferWithChannels = (h: Harness) =>
  new WorkspaceTransfer({
    store: h.core.store,
    blobs: h.core.blobs,
    account: () => h.core.workspace.account(),
    now: () => Date.parse('2026-03-10T12:00:00Z'),
    channels: { list: () => h.core.channels.list(), restore: (list) => h.core.channels.restore(list) },
  });

async function refusal(fn: () => Promise<unknown>): Promise<AppException['error']> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof AppException) return e.error;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** Every live record of the workspace: group → id → fields. */
function snapshot(h: Harness): Record<string, Record<string, unknown>> {
  const account = h.core.workspace.account();
  return Object.fromEntries(
    resourceGroups.map((g) => [
      g,
      Object.fromEntries(
        h.core.store
          .list(g, account, { offset: 0, limit: 1000, includeDeleted: false })
          .items.map((r) => [r.id, r.fields]),
      ),
    ]),
  );
}

/** A workspace with media (and thumbnails) and records of every group that refer to each other. */
async function fill(h: Harness): Promise<void> {
  const dir = tmp();
  const files = [
    await makeImage(dir, 'beach.png', { width: 80, height: 60 }),
    await makeImage(dir, 'cliff.jpg', { width: 40, height: 90, format: 'jpeg' }),
  ];
  const report = await h.core.library.importPaths(files);
  expect(report.imported).toHaveLength(2);
  const [a, b] = report.imported.map((x) => x.id) as [string, string];
  const { store } = h.core;
  const account = h.core.workspace.account();
  const tpl = store.create('mediaTemplates', account, { name: 'Drop', body: '{{x}}', variables: ['x'] }).id;
  const post = store.create('posts', account, {
    text: 'Sunset',
    status: 'scheduled',
    scheduled_at: '2026-04-01T09:00:00Z',
    asset_ids: [a, b],
    template_id: tpl,
    channel: 'Instagram',
  }).id;
  store.create('contentPlans', account, { title: 'April', post_ids: [post] });
  store.create('creatives', account, { name: 'Card', asset_ids: [b], caption: 'hi' });
  store.create('mediaQueue', account, { asset_id: a, post_id: post, note: 'first', order: 1 });
  store.create('automations', account, {
    name: 'Tag',
    enabled: true,
    trigger: { type: 'asset_imported' },
    actions: [{ type: 'add_tag', tag: 'new' }],
  });
  h.core.library.update({ id: a, tags: ['sea', 'sun'] });
}

describe('workspace export and import', () => {
  it('round-trips every record (ids, fields, references) and every file, and queues each record to sync', async () => {
    const source = await harness();
    await fill(source);
    const folder = tmp();
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'an unrelated file may be there');
    const exported = await transferOf(source).export(folder);
    const before = snapshot(source);
    const count = Object.values(before).reduce((n, g) => n + Object.keys(g).length, 0);
    expect(exported).toEqual({ folder, records: count, files: 4 }); // two images and their thumbnails
    for (const name of fs.readdirSync(path.join(folder, 'media'))) {
      expect(
        createHash('sha256')
          .update(fs.readFileSync(path.join(folder, 'media', name)))
          .digest('hex'),
      ).toBe(name);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'workspace.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'atelier-workspace',
      version: 1,
      exported_at: '2026-03-10T12:00:00.000Z',
    });

    const target = await harness();
    expect(await transferOf(target).import(folder)).toEqual({ folder, records: count, files: 4 });
    expect(snapshot(target)).toEqual(before);
    const byName = LibraryQuery.parse({ sort: 'name', dir: 'asc' });
    const assets = target.core.library.query(byName).items;
    const original = source.core.library.query(byName).items;
    expect(assets.map((x) => [x.name, x.sha256, x.thumb, x.hasFile])).toEqual(
      original.map((x) => [x.name, x.sha256, x.thumb, true]),
    );
    for (const x of assets) {
      expect(await target.core.blobs.verify(x.sha256 as string)).toBe(true);
      expect(await target.core.blobs.verify(x.thumb.sha256 as string)).toBe(true);
    }
    const queued = target.core.db.prepare("SELECT count(*) AS n FROM outbox WHERE op = 'create'").get() as {
      n: number;
    };
    expect(queued.n).toBe(count);

    // Nothing is ever overwritten: a second export into the same folder is refused.
    expect((await refusal(() => transferOf(source).export(folder))).message).toMatch(/already holds an Atelier export/);
  });

  it('carries the channels with their ids, slots and looks; a damaged one refuses the restore', async () => {
    const source = await harness();
    const insta = await call(source, 'channels.create', {
      fields: {
        network: 'instagram-feed',
        name: 'Insta',
        handle: '@me',
        colour: '#c13584',
        slots: [{ day: 1, time: '09:00' }],
      },
    });
    const account = source.core.workspace.account();
    source.core.store.create('posts', account, {
      text: 'On Insta',
      targets: [{ channel_id: insta.id, network: 'instagram-feed', name: 'Insta' }],
      channel: 'Insta',
    });
    const folder = tmp();
    await call(source, 'workspace.export', { folder });
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'workspace.json'), 'utf8'));
    expect(manifest.channels).toEqual([insta]);

    const target = await harness();
    const restored = await call(target, 'workspace.import', { folder });
    expect(restored.records).toBe(2); // the post and its channel
    expect(await call(target, 'channels.list', {})).toEqual([insta]);

    // A channel on a network nobody knows: nothing at all is restored.
    manifest.channels[0].network = 'myspace';
    const damaged = tmp();
    fs.cpSync(folder, damaged, { recursive: true });
    fs.writeFileSync(path.join(damaged, 'workspace.json'), JSON.stringify(manifest));
    const third = await harness();
    const refused = await refusal(() => transferWithChannels(third).import(damaged));
    expect(refused.message).toBe('The channel “Insta” in the export is damaged, so nothing was restored.');
    expect(
      third.core.store.list('posts', third.core.workspace.account(), { offset: 0, limit: 10, includeDeleted: false })
        .total,
    ).toBe(0);
    expect(third.core.channels.list()).toEqual([]);
  });

  it('refuses to restore into a workspace that has records', async () => {
    const h = await harness();
    await fill(h);
    const folder = tmp();
    await transferOf(h).export(folder);
    const error = await refusal(() => transferOf(h).import(folder));
    expect(error).toMatchObject({
      code: 'conflict',
      message: 'This workspace already has records, so the backup was not restored.',
    });
  });

  it('refuses a damaged file, naming it, and imports nothing', async () => {
    const source = await harness();
    await fill(source);
    const folder = tmp();
    await transferOf(source).export(folder);
    const media = path.join(folder, 'media');
    const [victim] = fs.readdirSync(media).sort() as [string];
    fs.appendFileSync(path.join(media, victim), 'tampered');

    const target = await harness();
    const error = await refusal(() => transferOf(target).import(folder));
    expect(error.message).toBe(
      `The file media/${victim} is damaged (its content does not match its name), so nothing was imported.`,
    );
    expect(Object.values(snapshot(target)).every((g) => Object.keys(g).length === 0)).toBe(true);
    // Checked before anything is stored: the media folder may not even exist.
    const root = target.core.blobs.root;
    const stored = fs.existsSync(root) ? fs.readdirSync(root).filter((d) => /^[0-9a-f]{2}$/.test(d)) : [];
    expect(stored.flatMap((d) => fs.readdirSync(path.join(root, d)))).toEqual([]);
  });

  it('asks for a folder through the dialog, and in browser mode asks for a path', async () => {
    const h = await harness();
    const parts = { templates: {} as never, importer: {} as never, automations: {} as never, transfer: transferOf(h) };
    const browser = contentHandlers({ ...parts, dialogs: undefined });
    expect(await refusal(async () => browser['workspace.export']({}))).toMatchObject({
      code: 'validation',
      issues: [{ path: 'folder' }],
    });
    const titles: string[] = [];
    const desktop = contentHandlers({
      ...parts,
      dialogs: { chooseImport: async () => [], chooseFolder: async (title) => (titles.push(title), null) },
    });
    expect(await desktop['workspace.export']({})).toEqual({ folder: '', records: 0, files: 0 });
    expect(titles).toEqual(['Export the workspace into an empty folder']);
  });
});
