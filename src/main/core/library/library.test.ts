/**
 * The library through its channels on a real core: import (files, folders, duplicates, bad
 * files), metadata and thumbnails, search, tags, trash and restore, usage, and disk-full safety.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { call, harnesses, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { BlobStore } from './files/blob-store';
import { nodeBlobFs, type BlobFsOps, type WritableFile } from './files/blob-fs';
import { NO_MEDIA_TOOLS } from '../media/media-tools';
import { makeAudio, makeImage, makeVideo } from '../media/test-media';
import { Library, type LibraryDeps } from './library';

const tmp = tempDirs('library');
const harness = harnesses();

const names = (page: { items: { name: string }[] }) => page.items.map((a) => a.name).sort();

/** Blob file operations whose temp files are written through `write` (they are still synced and closed for real). */
function writesThrough(
  write: (handle: WritableFile, ...args: Parameters<WritableFile['write']>) => ReturnType<WritableFile['write']>,
): BlobFsOps {
  return {
    openRead: nodeBlobFs.openRead,
    createTemp: async (f) => {
      const handle = await nodeBlobFs.createTemp(f);
      return { write: (...args) => write(handle, ...args), sync: () => handle.sync(), close: () => handle.close() };
    },
  };
}

/** A library of `h`'s workspace keeping its media under `dir`/media through `fs`. */
function libraryOn(
  h: Harness,
  dir: string,
  fs: BlobFsOps,
  tools: LibraryDeps['tools'] = async () => NO_MEDIA_TOOLS,
): Library {
  const blobs = new BlobStore(path.join(dir, 'media'), { fs });
  return new Library({
    store: h.core.store,
    workspace: h.core.workspace,
    blobs,
    tools,
    now: () => Date.now(),
    logger: h.deps.logger,
    uploadsDir: path.join(dir, 'uploads'),
  });
}

/** No asset row and no stored file under the blob folder. */
function expectNothingStored(h: Harness, blobsRoot: string): void {
  expect(h.core.db.prepare('SELECT count(*) AS n FROM assets').get()).toEqual({ n: 0 });
  const stored = fs.existsSync(blobsRoot)
    ? fs
        .readdirSync(blobsRoot, { recursive: true })
        .filter((f) => fs.statSync(path.join(blobsRoot, String(f))).isFile())
    : [];
  expect(stored).toEqual([]);
}

describe('library', () => {
  it('imports images, video and audio from files and folders: metadata, thumbnails, one copy per content', async () => {
    const h = await harness();
    const dir = tmp();
    const folder = path.join(dir, 'shoot');
    fs.mkdirSync(path.join(folder, 'nested'), { recursive: true });
    const png = await makeImage(folder, 'beach.png', { width: 640, height: 480 });
    await makeImage(path.join(folder, 'nested'), 'cliff.jpg', { width: 300, height: 600, format: 'jpeg' });
    fs.writeFileSync(path.join(folder, '.hidden.png'), fs.readFileSync(png));
    fs.writeFileSync(path.join(folder, 'readme.txt'), 'not media');
    const video = await makeVideo(dir, 'clip.mp4', { seconds: 2 });
    const audio = await makeAudio(dir, 'voice.wav', { seconds: 1 });
    fs.copyFileSync(png, path.join(dir, 'beach-copy.png'));

    const report = await call(h, 'library.import', {
      paths: [folder, video, audio, path.join(dir, 'beach-copy.png')],
    });
    expect(report.imported.map((a) => a.name).sort()).toEqual(['beach.png', 'cliff.jpg', 'clip.mp4', 'voice.wav']);
    expect(report.duplicates).toEqual([
      expect.objectContaining({ name: 'beach.png', path: path.join(dir, 'beach-copy.png') }),
    ]);
    expect(report.skipped.map((s) => path.basename(s.path))).toContain('readme.txt');
    expect(report.failed).toEqual([]);

    const page = await call(h, 'library.query', { sort: 'name', dir: 'asc' });
    expect(page.total).toBe(4);
    const byName = new Map(page.items.map((a) => [a.name, a]));
    expect(byName.get('beach.png')).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
      width: 640,
      height: 480,
      hasFile: true,
      thumb: { state: 'ready' },
    });
    expect(byName.get('cliff.jpg')).toMatchObject({ kind: 'image', width: 300, height: 600 });
    const clip = byName.get('clip.mp4');
    expect(clip).toMatchObject({ kind: 'video', width: 320, height: 240, thumb: { state: 'ready' } });
    expect(clip?.durationMs).toBeGreaterThan(1500);
    expect(byName.get('voice.wav')).toMatchObject({
      kind: 'audio',
      thumb: { state: 'placeholder', reason: 'audio' },
    });
    expect(byName.get('voice.wav')?.durationMs).toBeGreaterThan(900);
    expect(byName.get('voice.wav')?.durationMs).toBeLessThan(1100);
    // Content-addressed: the stored file is verified by its hash and the thumbnail is served the same way.
    const stored = h.core.media.blobPath(byName.get('beach.png')?.sha256 ?? '');
    expect(stored && fs.readFileSync(stored).equals(fs.readFileSync(png))).toBe(true);
    expect(h.core.media.blobPath(byName.get('beach.png')?.thumb.sha256 ?? '')).not.toBeNull();
    expect(h.core.media.blobPath('../../etc/passwd')).toBeNull();
    // Every import is queued for the Assets group.
    expect(
      (
        h.core.db.prepare("SELECT count(*) AS n FROM outbox WHERE grp = 'assets' AND op = 'create'").get() as {
          n: number;
        }
      ).n,
    ).toBe(4);
  });

  it('shows a typed placeholder for video when ffmpeg is not installed', async () => {
    const h = await harness({ mediaTools: async () => NO_MEDIA_TOOLS });
    const video = await makeVideo(tmp(), 'clip.mp4', { seconds: 1 });
    await call(h, 'library.import', { paths: [video] });
    const [asset] = (await call(h, 'library.query', {})).items;
    expect(asset).toMatchObject({ kind: 'video', thumb: { state: 'placeholder', sha256: null, reason: 'no-ffmpeg' } });
  });

  it(
    'searches names, tags and notes by prefix, filters by type and tag, sorts, ' +
      'and ignores FTS syntax in what users type',
    async () => {
      const h = await harness();
      const dir = tmp();
      const a = await makeImage(dir, 'sunset-beach.png', { width: 10, height: 10 });
      const b = await makeImage(dir, 'mountain.png', { width: 20, height: 10 });
      const v = await makeVideo(dir, 'waves.mp4', { seconds: 1 });
      await call(h, 'library.import', { paths: [a, b, v] });
      const all = (await call(h, 'library.query', {})).items;
      const id = (n: string) => all.find((x) => x.name === n)?.id ?? '';
      await call(h, 'library.update', {
        id: id('mountain.png'),
        tags: ['Alps', 'summer'],
        notes: 'Golden hour above the glacier',
      });
      await call(h, 'library.update', { id: id('waves.mp4'), tags: ['summer'] });

      expect(names(await call(h, 'library.query', { text: 'sun' }))).toEqual(['sunset-beach.png']);
      expect(names(await call(h, 'library.query', { text: 'glac' }))).toEqual(['mountain.png']);
      expect(names(await call(h, 'library.query', { text: 'summer' }))).toEqual(['mountain.png', 'waves.mp4']);
      expect(names(await call(h, 'library.query', { text: 'summer alps' }))).toEqual(['mountain.png']);
      expect(names(await call(h, 'library.query', { tag: 'summer', kind: 'video' }))).toEqual(['waves.mp4']);
      expect(names(await call(h, 'library.query', { tag: 'SUMMER' }))).toEqual(['mountain.png', 'waves.mp4']);
      expect((await call(h, 'library.query', { text: '"unbalanced OR NEAR( title:x' })).total).toBe(0);
      expect((await call(h, 'library.query', { text: '   ' })).total).toBe(3);
      expect((await call(h, 'library.query', { sort: 'size', dir: 'desc' })).items[0]?.name).toBe('waves.mp4');
      // By date: newest first by default, the reverse ascending; the last edited leads "updated".
      const newest = await call(h, 'library.query', {});
      const stamps = newest.items.map((x) => x.createdAt);
      expect(stamps).toEqual([...stamps].sort().reverse());
      const inOrder = (page: { items: { name: string }[] }) => page.items.map((x) => x.name);
      expect(inOrder(await call(h, 'library.query', { sort: 'created', dir: 'asc' }))).toEqual(
        inOrder(newest).reverse(),
      );
      expect((await call(h, 'library.query', { sort: 'updated', dir: 'desc' })).items[0]?.name).toBe('waves.mp4');
      expect(await call(h, 'library.tags', {})).toEqual([
        { tag: 'summer', count: 2 },
        { tag: 'Alps', count: 1 },
      ]);
      const bad = await h.core.dispatch('library.update', { id: id('waves.mp4'), name: '   ' });
      expect(bad).toMatchObject({ ok: false, error: { code: 'validation' } });
      const window = await call(h, 'library.query', { sort: 'name', dir: 'asc', offset: 1, limit: 1 });
      expect(window).toMatchObject({ total: 3, items: [{ name: 'sunset-beach.png' }] });
    },
  );

  it(
    'trash hides, restores and deletes for good; the platform hears of it; ' +
      'usage lists posts, creatives and queue items',
    async () => {
      const h = await harness();
      await signInDemo(h);
      const dir = tmp();
      const file = await makeImage(dir, 'keep.png', { width: 10, height: 10 });
      const other = await makeImage(dir, 'gone.png', { width: 12, height: 10 });
      await call(h, 'library.import', { paths: [file, other] });
      const items = (await call(h, 'library.query', {})).items;
      const keep = items.find((a) => a.name === 'keep.png');
      const gone = items.find((a) => a.name === 'gone.png');
      const post = await call(h, 'records.create', {
        group: 'posts',
        fields: { text: 'launch day', asset_ids: [keep?.id ?? ''] },
      });
      await call(h, 'records.create', { group: 'creatives', fields: { name: 'banner', asset_ids: [keep?.id ?? ''] } });
      await call(h, 'records.create', { group: 'mediaQueue', fields: { asset_id: keep?.id ?? '' } });
      const detail = await call(h, 'library.get', { id: keep?.id ?? '' });
      expect(detail.usage.map((u) => [u.group, u.label]).sort()).toEqual([
        ['creatives', 'banner'],
        ['mediaQueue', keep?.id ?? ''],
        ['posts', 'launch day'],
      ]);
      expect(detail.usage.find((u) => u.group === 'posts')?.id).toBe(post.id);
      await h.core.sync.run();
      expect((await h.core.session.request({ method: 'GET', url: `${h.sandbox.url}/v2/assets` })).body).toMatchObject({
        items: [{}, {}],
      });

      await call(h, 'library.trash', { ids: [keep?.id ?? '', gone?.id ?? ''] });
      expect((await call(h, 'library.query', {})).total).toBe(0);
      expect(names(await call(h, 'library.query', { trash: true }))).toEqual(['gone.png', 'keep.png']);
      await h.core.sync.run();
      expect((await h.core.session.request({ method: 'GET', url: `${h.sandbox.url}/v2/assets` })).body).toMatchObject({
        items: [],
      });

      await call(h, 'library.restore', { ids: [keep?.id ?? ''] });
      await h.core.sync.run();
      await h.core.sync.run();
      expect(names(await call(h, 'library.query', {}))).toEqual(['keep.png']);
      const remote = (await h.core.session.request({ method: 'GET', url: `${h.sandbox.url}/v2/assets` })).body as {
        items: { name: string }[];
      };
      expect(remote.items.map((a) => a.name)).toEqual(['keep.png']);

      const goneFile = h.core.media.blobPath(gone?.sha256 ?? '');
      expect(goneFile).not.toBeNull();
      expect(await call(h, 'library.emptyTrash', {})).toEqual({ count: 1 });
      expect((await call(h, 'library.query', { trash: true })).total).toBe(0);
      expect(fs.existsSync(goneFile ?? '')).toBe(false);
      expect(h.core.media.blobPath(keep?.sha256 ?? '')).not.toBeNull();
    },
  );

  it('reports refused and vanished files per file, in words, and imports the rest', async () => {
    const h = await harness();
    const dir = tmp();
    const good = await makeImage(dir, 'fine.png', { width: 8, height: 8 });
    const broken = path.join(dir, 'broken.png');
    fs.writeFileSync(broken, Buffer.from('this is not a png at all'));
    const report = await call(h, 'library.import', { paths: [good, broken, path.join(dir, 'missing.png')] });
    expect(report.imported.map((a) => a.name)).toEqual(['fine.png']);
    expect(report.skipped).toEqual([
      {
        path: path.join(dir, 'missing.png'),
        reason: 'It no longer exists, or it is a link to something that was moved or deleted.',
      },
      {
        path: broken,
        reason: 'It is not an image, video or audio file the library supports (judged by its content, not its name).',
      },
    ]);
    expect((await call(h, 'library.query', { text: 'broken' })).total).toBe(0);
  });

  it('a full disk during import gives a clear error and leaves no file, record or outbox entry behind', async () => {
    const h = await harness();
    const dir = tmp();
    const file = await makeImage(dir, 'big.png', { width: 400, height: 400 });
    const full = writesThrough(async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    const blobsRoot = path.join(dir, 'media');
    const library = libraryOn(h, dir, full);
    const report = await library.importPaths([file]);
    expect(report.imported).toEqual([]);
    expect(report.failed).toEqual([{ path: file, message: expect.stringContaining('the disk is full') }]);
    expect(h.core.db.prepare('SELECT count(*) AS n FROM assets').get()).toEqual({ n: 0 });
    expect(h.core.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
    const leftovers = fs.existsSync(blobsRoot)
      ? fs
          .readdirSync(blobsRoot, { recursive: true })
          .filter((f) => fs.statSync(path.join(blobsRoot, String(f))).isFile())
      : [];
    expect(leftovers).toEqual([]);
    expect(h.core.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('a full database during enqueue refuses the change whole: no record, no entry, integrity ok', async () => {
    const h = await harness();
    const dir = tmp();
    const file = await makeImage(dir, 'one.png', { width: 8, height: 8 });
    await call(h, 'records.create', { group: 'posts', fields: { text: 'before' } });
    // Cap the database at its current size: the next write cannot grow it (SQLITE_FULL).
    const pages = h.core.db.pragma('page_count', { simple: true }) as number;
    h.core.db.pragma(`max_page_count = ${pages}`);
    // Fill what is left, big records then small ones, until even a small one is refused.
    let made = 0;
    let refused = await h.core.dispatch('records.create', { group: 'posts', fields: { text: 'x'.repeat(60_000) } });
    for (const size of [60_000, 4_000, 100]) {
      do {
        refused = await h.core.dispatch('records.create', { group: 'posts', fields: { text: 'x'.repeat(size) } });
        if (refused.ok) made++;
      } while (refused.ok && made < 2000);
    }
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'storage', message: 'The disk is full; nothing was changed.' },
    });
    const report = await call(h, 'library.import', { paths: [file] });
    expect(report.failed[0]?.message).toContain('disk is full');
    h.core.db.pragma('max_page_count = 1073741823');
    // Every change either fully there (record and entry) or not at all.
    expect(h.core.db.prepare('SELECT count(*) AS n FROM posts').get()).toEqual({ n: 1 + made });
    expect(h.core.db.prepare('SELECT count(*) AS n FROM assets').get()).toEqual({ n: 0 });
    expect(h.core.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 1 + made });
    // The file written for the refused asset was removed again.
    const mediaRoot = path.join(h.dataDir, 'media');
    const files = fs
      .readdirSync(mediaRoot, { recursive: true })
      .map(String)
      .filter((f) => !f.startsWith('.') && fs.statSync(path.join(mediaRoot, f)).isFile());
    expect(files).toEqual([]);
    const db = new Database(path.join(h.dataDir, 'atelier.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('checks the copy it stores, not the source: a file that changes after its check is refused', async () => {
    const h = await harness();
    const dir = tmp();
    const file = await makeImage(dir, 'photo.png', { width: 64, height: 64 });
    const truncated = path.join(dir, 'truncated.png');
    fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, 60));
    // The copy reads other bytes than a check of the source would: as if the file changed in between.
    const swapped: BlobFsOps = { ...nodeBlobFs, openRead: () => nodeBlobFs.openRead(truncated) };
    const blobsRoot = path.join(dir, 'media');
    const library = libraryOn(h, dir, swapped, h.deps.mediaTools);
    const report = await library.importPaths([file]);
    expect(report.imported).toEqual([]);
    expect(report.skipped).toEqual([{ path: file, reason: expect.stringContaining('damaged or incomplete') }]);
    expectNothingStored(h, blobsRoot);
  });

  it('close() stops an import under way, waits for it and its cleanup, and refuses new ones in words', async () => {
    const h = await harness();
    const dir = tmp();
    const files = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => makeImage(dir, `p${i}.png`, { width: 16 + i, height: 16 })),
    );
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    let started: () => void = () => undefined;
    const writing = new Promise<void>((r) => (started = r));
    // Every copy waits at its first write until the test lets it go.
    const slow = writesThrough(async (handle, ...args) => {
      started();
      await held;
      return handle.write(...args);
    });
    const blobsRoot = path.join(dir, 'media');
    const library = libraryOn(h, dir, slow);
    const importing = library.importPaths(files);
    await writing;
    let closed = false;
    const closing = library.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    release();
    const report = await importing;
    await closing;
    expect(report.imported).toEqual([]);
    expect(report.failed).toHaveLength(6);
    for (const f of report.failed)
      expect(f.message).toBe(
        'Atelier is closing, so this file was not imported. Import it again once Atelier is open.',
      );
    expectNothingStored(h, blobsRoot);
    await expect(library.importPaths(files)).rejects.toMatchObject({
      error: { code: 'conflict', message: 'Atelier is closing, so this file was not imported.' },
    });
  });

  /** A library of its own on the harness's core, with its own media folder and clock. */
  async function ownLibrary(now: () => number) {
    const h = await harness();
    const dir = tmp();
    const blobs = new BlobStore(path.join(dir, 'media'));
    const library = new Library({
      store: h.core.store,
      workspace: h.core.workspace,
      blobs,
      tools: async () => NO_MEDIA_TOOLS,
      now,
      logger: h.deps.logger,
      uploadsDir: path.join(dir, 'uploads'),
    });
    return { h, dir, blobs, library };
  }

  it('says a file stored by the library is here and one never stored is not, page after page', async () => {
    const { h, blobs, library } = await ownLibrary(() => 5_000_000);
    const stored = await blobs.putBuffer(Buffer.from('stored bytes'));
    const account = h.core.workspace.account();
    h.core.store.create('assets', account, { name: 'stored.jpg', sha256: stored.sha256 });
    h.core.store.create('assets', account, { name: 'elsewhere.jpg', sha256: 'd'.repeat(64) });
    const page = () => library.query({ sort: 'name', dir: 'asc', offset: 0, limit: 10, trash: false }).items;
    for (let i = 0; i < 2; i++)
      expect(page().map((a) => [a.name, a.hasFile])).toEqual([
        ['elsewhere.jpg', false],
        ['stored.jpg', true],
      ]);
  });

  it('tells apart files whose ids begin alike: one here, one not, then both', async () => {
    const { h, blobs, library } = await ownLibrary(() => 5_000_000);
    const here = `abcdef01${'1'.repeat(56)}`;
    const later = `abcdef01${'2'.repeat(56)}`;
    const account = h.core.workspace.account();
    h.core.store.create('assets', account, { name: 'a.jpg', sha256: here });
    h.core.store.create('assets', account, { name: 'b.jpg', sha256: later });
    const place = (sha: string) => {
      fs.mkdirSync(path.dirname(blobs.path(sha)), { recursive: true });
      fs.writeFileSync(blobs.path(sha), sha);
    };
    const page = () =>
      library.query({ sort: 'name', dir: 'asc', offset: 0, limit: 10, trash: false }).items.map((a) => a.hasFile);
    place(here);
    expect(page()).toEqual([true, false]);
    expect(page()).toEqual([true, false]);
    place(later);
    expect(page()).toEqual([true, true]);
    expect(page()).toEqual([true, true]);
  });

  it('says a file is here from a recent look, at once when it arrives, and not once it is gone', async () => {
    let now = 1_000_000;
    const { blobs, library, h } = await ownLibrary(() => now);
    const sha = 'c'.repeat(64);
    const file = blobs.path(sha);
    const account = h.core.workspace.account();
    const id = h.core.store.create('assets', account, { name: 'far.jpg', sha256: sha }).id;
    const hasFile = () =>
      library.query({ sort: 'created', dir: 'desc', offset: 0, limit: 10, trash: false }).items[0]!.hasFile;
    // Pulled from another device: no file here yet; once it arrives the next page says so.
    expect(hasFile()).toBe(false);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'bytes');
    expect(hasFile()).toBe(true);
    // Deleted outside Atelier: a page within a minute of the last look still trusts it, a later one does not.
    fs.rmSync(file);
    now += 30_000;
    expect(hasFile()).toBe(true);
    now += 31_000;
    expect(hasFile()).toBe(false);
    // Emptying the trash removes the file and forgets it at once: the same content again, without its file, says so.
    fs.writeFileSync(file, 'bytes');
    expect(hasFile()).toBe(true);
    library.trash([id]);
    await library.emptyTrash();
    expect(fs.existsSync(file)).toBe(false);
    h.core.store.create('assets', account, { name: 'again.jpg', sha256: sha });
    expect(hasFile()).toBe(false);
  });
});
