/**
 * A full disk on each writer, injected through the file layer that writer uses (ENOSPC after a
 * few bytes really reached the disk, so a half-written file exists until it is cleaned up):
 * browser upload, path import, upload import, AI result download, workspace export and import,
 * AI result export and the diagnostics export. Each says it in words (507 on the browser host),
 * leaves no partial file and no record, and the database passes integrity_check.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { exportResults } from '../../src/main/core/ai/export';
import { ResultStore } from '../../src/main/core/ai/result-store';
import { DISK_FULL, toAppError } from '../../src/main/core/errors';
import type { ExportFsOps } from '../../src/main/core/fs/export-writer';
import type { WritableFile } from '../../src/main/core/fs/writable-file';
import { BlobStore } from '../../src/main/core/library/files/blob-store';
import { type BlobFsOps, nodeBlobFs } from '../../src/main/core/library/files/blob-fs';
import { detectMediaTools } from '../../src/main/core/media/media-tools';
import { makeImage } from '../../src/main/core/media/test-media';
import { Library } from '../../src/main/core/library/library';
import { WorkspaceTransfer } from '../../src/main/core/planning/workspace-transfer';
import { LibraryQuery } from '../../src/shared/library';
import { HttpClient } from '../../src/main/core/platform/http';
import { startServer } from '../../src/main/core/platform/http/test-server';
import { startWebHost } from '../../src/main/web/server';
import { call, harnesses, signInDemo, type Harness } from '../support/core-with-sandbox';
import { tempDirs } from '../support/temp-dirs';
import { answerWith, output } from '../../src/main/core/ai/test-answers';

const harness = harnesses();
const tmp = tempDirs('disk-full');
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
const DISK_FULL_WORDS = `${DISK_FULL.message} ${DISK_FULL.hint}`;

/** What is left on the pretend disk: shared by every file written to it. */
interface Disk {
  room: number;
  /** Files created on it, whole or not. */
  created: number;
}

/** A real file that takes what room the disk has left, then fails every write with ENOSPC. */
function fillsUp(handle: WritableFile, disk: Disk): WritableFile {
  return {
    write: async (buffer, offset, length, position) => {
      if (length > disk.room) {
        if (disk.room > 0) await handle.write(buffer, offset, disk.room, position);
        disk.room = 0;
        throw enospc();
      }
      disk.room -= length;
      return handle.write(buffer, offset, length, position);
    },
    sync: () => handle.sync(),
    close: () => handle.close(),
  };
}

const fullBlobFs = (room = 100): BlobFsOps => {
  const disk = { room, created: 0 };
  return {
    openRead: nodeBlobFs.openRead,
    createTemp: async (file) => (disk.created++, fillsUp(await nodeBlobFs.createTemp(file), disk)),
  };
};
const fullExportFs = (disk: Disk): ExportFsOps => ({
  createNew: async (file) => (disk.created++, fillsUp(await fs.promises.open(file, 'wx'), disk)),
});

/** Every file below `dir`, as paths relative to it. */
function filesIn(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    : [];
}

function integrity(h: Harness): string {
  return String(h.core.db.pragma('integrity_check', { simple: true }));
}

function libraryWith(h: Harness, blobs: BlobStore): Library {
  return new Library({
    store: h.core.store,
    workspace: h.core.workspace,
    blobs,
    tools: () => detectMediaTools(),
    now: Date.now,
    logger: h.deps.logger,
    uploadsDir: h.core.media.uploadsDir,
  });
}

function put(port: number, token: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: '/upload',
        headers: { 'x-atelier-token': token, 'x-file-name': 'big.png', 'content-length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a full disk on each writer', () => {
  it('browser upload: 507 with the disk-full words, and no partial upload', async () => {
    const h = await harness();
    const dir = tmp();
    fs.mkdirSync(path.join(dir, 'renderer'));
    let opened = '';
    const openUpload = (file: string) => {
      opened = file;
      const real = fs.createWriteStream(file, { flags: 'wx' });
      let budget = 64 * 1024;
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          budget -= chunk.length;
          if (budget < 0) return done(enospc());
          real.write(chunk, done);
        },
        final: (done) => real.end(done),
        destroy(error, done) {
          real.destroy();
          done(error);
        },
      });
    };
    const host = await startWebHost({
      core: h.core,
      logger: h.deps.logger,
      rendererDir: path.join(dir, 'renderer'),
      token: 't0ken',
      media: h.core.media,
      openUpload,
    });
    try {
      const res = await put(host.port, 't0ken', Buffer.alloc(1024 * 1024, 7));
      expect(res.status).toBe(507);
      expect(JSON.parse(res.text)).toEqual({ error: DISK_FULL_WORDS, code: 'storage' });
      expect(opened).not.toBe('');
      expect(fs.readdirSync(h.core.media.uploadsDir)).toEqual([]);
    } finally {
      await host.close();
    }
    expect(integrity(h)).toBe('ok');
  });

  it('path import and upload import: the file fails in words; no blob, record or outbox entry', async () => {
    const h = await harness();
    const dir = tmp();
    const picture = await makeImage(dir, 'big.png', { width: 300, height: 300 });
    const blobs = new BlobStore(path.join(dir, 'media'), { fs: fullBlobFs() });
    const library = libraryWith(h, blobs);
    const byPath = await library.importPaths([picture]);
    expect(byPath.failed).toEqual([
      {
        path: picture,
        message: `Could not add ${picture} to the library: the disk is full. Free some disk space and try again.`,
      },
    ]);
    fs.mkdirSync(h.core.media.uploadsDir, { recursive: true });
    const id = '0b6c2a5e-1f7d-4c39-9a0e-5d1b2c3d4e5f';
    fs.copyFileSync(picture, path.join(h.core.media.uploadsDir, id));
    const uploaded = await library.importUploads([{ id, name: 'big.png' }]);
    expect(uploaded.failed).toEqual([
      { path: 'big.png', message: expect.stringContaining('the disk is full. Free some disk space and try again.') },
    ]);
    expect(filesIn(path.join(dir, 'media'))).toEqual([]);
    expect(fs.readdirSync(h.core.media.uploadsDir)).toEqual([]);
    expect(
      h.core.db.prepare('SELECT (SELECT count(*) FROM assets) + (SELECT count(*) FROM outbox) AS n').get(),
    ).toEqual({ n: 0 });
    expect(integrity(h)).toBe('ok');
  });

  it('AI result download: the job gets the disk-full words; nothing of the result is kept', async () => {
    const dir = tmp();
    const png = fs.readFileSync(await makeImage(dir, 'result.png', { width: 200, height: 200 }));
    const server = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    try {
      const blobs = new BlobStore(path.join(dir, 'media'), { fs: fullBlobFs() });
      const client = new HttpClient();
      const results = new ResultStore({
        send: (r) => client.request(r),
        fetchPlain: (r) => client.request(r),
        blobs,
        tools: () => detectMediaTools(),
      });
      const answer = answerWith([output({ url: `${server.url}/result.png` })]);
      const failure = await results
        .storeAll(answer, 'text2image', server.url, new AbortController().signal, () => undefined)
        .then(
          () => null,
          (e: unknown) => e,
        );
      // The runner fails the job with exactly this mapping.
      expect(toAppError(failure)).toEqual({ error: { ...DISK_FULL }, known: true });
      expect(filesIn(path.join(dir, 'media'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('workspace export: the disk-full words, and nothing of the export is left in the folder', async () => {
    const h = await harness();
    const dir = tmp();
    await h.core.library.importPaths([
      await makeImage(dir, 'a.png', { width: 200, height: 150 }),
      await makeImage(dir, 'b.jpg', { width: 90, height: 60, format: 'jpeg' }),
    ]);
    const folder = tmp();
    fs.writeFileSync(path.join(folder, 'mine.txt'), 'the user keeps this');
    // Room for the first picture, not for its thumbnail: one whole file and one half file to clean up.
    const first = h.core.library.query(LibraryQuery.parse({ sort: 'created', dir: 'asc' })).items[0];
    const disk = { room: (first?.sizeBytes ?? 0) + 10, created: 0 };
    const transfer = new WorkspaceTransfer({
      store: h.core.store,
      blobs: h.core.blobs,
      account: () => h.core.workspace.account(),
      now: Date.now,
      exportFs: fullExportFs(disk),
    });
    const failure = await transfer.export(folder).then(
      () => null,
      (e: unknown) => e,
    );
    expect(toAppError(failure).error).toEqual({ ...DISK_FULL });
    expect(disk.created).toBe(2);
    expect(fs.readdirSync(folder)).toEqual(['mine.txt']);
    expect(integrity(h)).toBe('ok');
  });

  it('workspace import: the disk-full words, no record and no file stored', async () => {
    const source = await harness();
    const dir = tmp();
    await source.core.library.importPaths([await makeImage(dir, 'a.png', { width: 200, height: 150 })]);
    const folder = tmp();
    await new WorkspaceTransfer({
      store: source.core.store,
      blobs: source.core.blobs,
      account: () => source.core.workspace.account(),
      now: Date.now,
    }).export(folder);
    const target = await harness();
    const root = path.join(dir, 'target-media');
    const transfer = new WorkspaceTransfer({
      store: target.core.store,
      blobs: new BlobStore(root, { fs: fullBlobFs() }),
      account: () => target.core.workspace.account(),
      now: Date.now,
    });
    const failure = await transfer.import(folder).then(
      () => null,
      (e: unknown) => e,
    );
    expect(toAppError(failure).error).toEqual({ ...DISK_FULL });
    expect(filesIn(root)).toEqual([]);
    expect(
      target.core.db.prepare('SELECT (SELECT count(*) FROM assets) + (SELECT count(*) FROM outbox) AS n').get(),
    ).toEqual({ n: 0 });
    expect(integrity(target)).toBe('ok');
  });

  it('AI result export: the disk-full words, and none of the files it had written is left', async () => {
    const h = await harness({ sandbox: { aiLatencyMs: 0 } });
    await signInDemo(h);
    const submitted = await call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt: 'full disk' });
    if (submitted.kind !== 'queued') throw new Error('expected a queued job');
    let detail = await call(h, 'ai.get', { id: submitted.job.id });
    for (let i = 0; i < 400 && detail.state !== 'succeeded' && detail.state !== 'failed'; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      detail = await call(h, 'ai.get', { id: submitted.job.id });
    }
    expect(detail.state).toBe('succeeded');
    // The exported picture carries its provenance, so it is larger than the stored one: measured first.
    const measured = tmp();
    await exportResults(measured, [detail], h.core.blobs);
    const picture = fs.readdirSync(measured).find((f) => f.endsWith('.png'))!;
    const pictureSize = fs.statSync(path.join(measured, picture)).size;
    const folder = tmp();
    // Room for the picture, not for the provenance beside it: a later file fails, the earlier one goes too.
    const disk = { room: pictureSize + 10, created: 0 };
    const failure = await exportResults(folder, [detail], h.core.blobs, fullExportFs(disk)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(toAppError(failure).error).toEqual({ ...DISK_FULL });
    expect(disk.created).toBe(2);
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(integrity(h)).toBe('ok');
  });

  it('diagnostics export: the disk-full words through the channel, and no temp file left', async () => {
    const h = await harness();
    const folder = tmp();
    const ours = new Set<number>();
    const open = fs.openSync;
    const write = fs.writeSync;
    const openSpy = vi.spyOn(fs, 'openSync').mockImplementation((file, ...rest) => {
      const fd = open(file, ...(rest as [fs.OpenMode]));
      if (String(file).startsWith(folder)) ours.add(fd);
      return fd;
    });
    const writeSpy = vi.spyOn(fs, 'writeSync').mockImplementation((fd: number, ...rest: unknown[]) => {
      if (ours.has(fd)) throw enospc();
      return (write as (fd: number, ...args: unknown[]) => number)(fd, ...rest);
    });
    try {
      const result = await h.core.dispatch('app.exportDiagnostics', { folder });
      expect(result).toEqual({ ok: false, error: { ...DISK_FULL } });
      expect(ours.size).toBeGreaterThan(0);
    } finally {
      openSpy.mockRestore();
      writeSpy.mockRestore();
    }
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(integrity(h)).toBe('ok');
  });
});
