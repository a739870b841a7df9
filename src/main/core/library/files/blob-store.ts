import { createHash, randomUUID } from 'node:crypto';
import { closeSync, createReadStream, fsync, open, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../fs/private-modes';
import { BlobCorruptError, BlobNotFoundError, BlobWriteError, errnoCode } from './blob-errors';
import { type BlobFsOps, nodeBlobFs, type WritableFile, writeAll } from './blob-fs';
import { CHUNK_SIZE } from './chunk-pool';
import { DirSyncs } from './dir-sync';
import { copyHashed } from './copy-hashed';
import { assertSha256, hashFile } from './sha256';

export { BlobCorruptError, BlobNotFoundError, BlobWriteError, InvalidShaError } from './blob-errors';
export type { BlobFsOps } from './blob-fs';

export interface PutResult {
  sha256: string;
  size: number;
  /** True when the store already held this content; nothing new was written. */
  existed: boolean;
}

/** Stores bytes that are not on disk yet (downloads, inline data). */
export interface PutOptions {
  signal?: AbortSignal;
  /** Names the file in an error ("Could not add <label> to the library…"). */
  label?: string;
  /**
   * Runs on the complete temp file before it takes its place (the intake's check): when it throws,
   * the file is removed and its error is thrown as it is, so a refused file is never stored.
   */
  check?: (tempFile: string, written: Written) => Promise<void>;
}

/** What the store knows of a temp file it just wrote, so a check need not read it again. */
export interface Written {
  size: number;
  /** The file's first bytes (all of it when it is at most HEAD_BYTES long); absent when not kept. */
  head?: Buffer;
}

/** How many of a new blob's first bytes are kept for its check: a small file is checked from memory. */
export const HEAD_BYTES = 64 * 1024;

/** Buffers up to this size are written with direct calls (see `putSmall`). */
export const SMALL_BYTES = HEAD_BYTES;

export interface BlobStoreOptions {
  /** File operations; tests inject failures here. */
  fs?: BlobFsOps;
}

const TEMP_DIR = '.tmp';
const QUARANTINE_DIR = '.quarantine';

async function sizeOf(file: string): Promise<number | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat.size : null;
  } catch (e) {
    if (errnoCode(e) === 'ENOENT') return null;
    throw e;
  }
}

/** The calls that place a written temp file (see `commit`). */
interface PlaceIo {
  size(file: string): Promise<number | null>;
  rename(from: string, to: string): Promise<void>;
  remove(file: string): Promise<void>;
}

const threaded: PlaceIo = {
  size: sizeOf,
  rename: (from, to) => fs.rename(from, to),
  remove: (file) => fs.rm(file, { force: true }),
};

/** The same calls made directly: each takes microseconds, less than a trip through the thread pool. */
const direct: PlaceIo = {
  size: async (file) => {
    try {
      const stat = statSync(file);
      return stat.isFile() ? stat.size : null;
    } catch (e) {
      if (errnoCode(e) === 'ENOENT') return null;
      throw e;
    }
  },
  rename: async (from, to) => renameSync(from, to),
  remove: async (file) => rmSync(file, { force: true }),
};

/** A new file for writing, through the thread pool: creating a file may wait for the disk's journal. */
function createFile(file: string): Promise<number> {
  return new Promise((resolve, reject) =>
    open(file, 'wx', PRIVATE_FILE_MODE, (e, fd) => (e ? reject(e) : resolve(fd))),
  );
}

/**
 * Writes all of `data` to a new file `temp`: created and fsynced through the thread pool (both may
 * wait for the disk), written and closed with direct calls (into the page cache: microseconds).
 */
async function writeSmallFile(temp: string, data: Buffer, makeFolder: () => Promise<void>): Promise<void> {
  let fd: number;
  try {
    fd = await createFile(temp);
  } catch (e) {
    if (errnoCode(e) !== 'ENOENT') throw e;
    await makeFolder();
    fd = await createFile(temp);
  }
  try {
    for (let done = 0; done < data.length;) {
      const n = writeSync(fd, data, done, data.length - done, done);
      if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
      done += n;
    }
    await new Promise<void>((resolve, reject) => fsync(fd, (e) => (e ? reject(e) : resolve())));
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      // the write's own error is the one to report
    }
    throw e;
  }
  // close can report a deferred write error (network disks); it counts as a failed write.
  closeSync(fd);
}

/**
 * Makes a file another writer made owner-only, like every blob, and flushes it (opened for writing:
 * some systems sync only such handles).
 */
async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** What a fill wrote: the content's name and size, and its first bytes when they were kept. */
interface Filled {
  sha256: string;
  size: number;
  head?: Buffer;
}

/** Collects a stream's first HEAD_BYTES bytes (copied: the chunks' memory may be reused). */
class HeadBytes {
  private readonly parts: Buffer[] = [];
  private length = 0;

  add(chunk: Buffer): void {
    if (this.length >= HEAD_BYTES) return;
    const part = Buffer.from(chunk.subarray(0, HEAD_BYTES - this.length));
    this.parts.push(part);
    this.length += part.length;
  }

  bytes(): Buffer {
    return this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts);
  }
}

/**
 * Content-addressed files: each blob lives at `<root>/<first two hex>/<sha256>` and is named by
 * the SHA-256 of its bytes, so identical media is stored once and damage is detectable on read.
 * Writes go to `<root>/.tmp`, are fsynced, then renamed into place: a blob is whole or absent.
 */
export class BlobStore {
  readonly root: string;
  /** The root and a separator: a blob's path is built by concatenation (the library asks for one per card). */
  private readonly prefix: string;
  private readonly tempDir: string;
  private readonly quarantineDir: string;
  private readonly ops: BlobFsOps;
  /** Temp files being written right now, which cleanTemp must not delete. */
  private readonly writing = new Set<string>();
  /** The temp folder, made once per store rather than once per write. */
  private tempReady: Promise<void> | null = null;
  /** Shard folders known to exist, each with the fsync of the root that records it (when this store made it). */
  private readonly shards = new Map<string, Promise<{ rootSynced: Promise<void> }>>();
  private readonly dirSyncs = new DirSyncs();

  constructor(root: string, options: BlobStoreOptions = {}) {
    this.root = path.resolve(root);
    this.prefix = this.root.endsWith(path.sep) ? this.root : this.root + path.sep;
    this.tempDir = path.join(this.root, TEMP_DIR);
    this.quarantineDir = path.join(this.root, QUARANTINE_DIR);
    this.ops = options.fs ?? nodeBlobFs;
  }

  /** Where the blob lives (whether or not it exists). Throws InvalidShaError for anything but 64 lowercase hex. */
  path(sha: string): string {
    assertSha256(sha);
    return `${this.prefix}${sha.slice(0, 2)}${path.sep}${sha}`;
  }

  async has(sha: string): Promise<boolean> {
    return (await sizeOf(this.path(sha))) !== null;
  }

  /** Size in bytes, or null when the blob is absent. */
  async size(sha: string): Promise<number | null> {
    return sizeOf(this.path(sha));
  }

  /** Streams a file into the store (hashing as it copies); never holds the whole file in memory. */
  async putFile(srcPath: string, opts: Pick<PutOptions, 'signal' | 'check'> = {}): Promise<PutResult> {
    const { signal, check } = opts;
    signal?.throwIfAborted();
    let source;
    try {
      source = await this.ops.openRead(srcPath);
    } catch (e) {
      throw new BlobWriteError(srcPath, e);
    }
    try {
      return await this.store(srcPath, { signal, ...(check && { check }) }, (temp) =>
        this.writeTemp(temp, (file) => copyHashed(source, file, signal)),
      );
    } finally {
      await source.close().catch(() => undefined);
    }
  }

  /**
   * Takes a finished file already in this store's temp folder (a fix's output) as a blob, without
   * copying it: hashed while it is fsynced, then renamed into place. On any failure it is removed.
   */
  async adoptFile(file: string, opts: Pick<PutOptions, 'signal' | 'label'> = {}): Promise<PutResult> {
    const { signal } = opts;
    const temp = path.resolve(file);
    const label = opts.label ?? 'a made file';
    // Anything elsewhere is someone else's file: refused, and left where it is.
    if (path.dirname(temp) !== this.tempDir)
      throw new BlobWriteError(label, new Error('only a file in the store’s temp folder can be moved in'));
    this.writing.add(temp);
    try {
      signal?.throwIfAborted();
      const [hashed] = await Promise.all([hashFile(temp, signal), syncFile(temp)]);
      signal?.throwIfAborted();
      return await this.commit(temp, hashed.sha256, hashed.size, threaded);
    } catch (e) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      if (signal?.aborted) throw signal.reason;
      throw e instanceof BlobWriteError ? e : new BlobWriteError(label, e);
    } finally {
      this.writing.delete(temp);
    }
  }

  /** Stores bytes already in memory (thumbnails, downloaded AI outputs). */
  async putBuffer(data: Buffer, opts: PutOptions = {}): Promise<PutResult> {
    opts.signal?.throwIfAborted();
    // Injected file operations (tests failing a write) always go the general way.
    if (data.length <= SMALL_BYTES && this.ops === nodeBlobFs) return this.putSmall(data, opts);
    return this.store(opts.label ?? 'a generated file', opts, (temp) =>
      this.writeTemp(temp, async (file) => {
        const writing = writeAll(file, data, 0);
        const sha256 = createHash('sha256').update(data).digest('hex');
        await writing;
        return { sha256, size: data.length, head: data.subarray(0, HEAD_BYTES) };
      }),
    );
  }

  /**
   * A small buffer, as durable as any blob (written, fsynced, checked, renamed, its folder fsynced),
   * but created, written, closed and renamed with direct calls: on a file of a few KB each takes
   * microseconds, while each trip through the thread pool costs a wake-up of another thread, which
   * on a busy machine is far more. Only the waits for the disk leave the main thread.
   */
  private putSmall(data: Buffer, opts: PutOptions): Promise<PutResult> {
    const made = async () => void (await fs.mkdir(this.tempDir, { recursive: true, mode: PRIVATE_DIR_MODE }));
    return this.store(
      opts.label ?? 'a generated file',
      opts,
      async (temp) => {
        await this.tempFolder();
        await writeSmallFile(temp, data, made);
        const sha256 = createHash('sha256').update(data).digest('hex');
        return { sha256, size: data.length, head: data.subarray(0, HEAD_BYTES) };
      },
      direct,
    );
  }

  /** Stores a stream (a download) as it arrives, hashing on the way; only the chunk in hand is in memory. */
  async putStream(source: AsyncIterable<Uint8Array>, opts: PutOptions = {}): Promise<PutResult> {
    opts.signal?.throwIfAborted();
    return this.store(opts.label ?? 'a downloaded file', opts, (file) =>
      this.writeTemp(file, async (temp) => {
        const hash = createHash('sha256');
        const head = new HeadBytes();
        let size = 0;
        for await (const chunk of source) {
          opts.signal?.throwIfAborted();
          const data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          const writing = writeAll(temp, data, size);
          hash.update(data);
          head.add(data);
          size += data.length;
          await writing;
        }
        return { sha256: hash.digest('hex'), size, head: head.bytes() };
      }),
    );
  }

  /**
   * Reads a blob, re-hashing as it streams. A mismatch is only known at the end, so the stream
   * then fails with BlobCorruptError (and the file is quarantined): consumers must discard what
   * they received when the stream errors.
   */
  openVerified(sha: string): Readable {
    const file = this.path(sha);
    const hash = createHash('sha256');
    const out = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
      flush: (callback) => {
        if (hash.digest('hex') === sha) return callback();
        this.quarantine(sha).then(
          (at) => callback(new BlobCorruptError(sha, at)),
          (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
        );
      },
    });
    const source = createReadStream(file, { highWaterMark: CHUNK_SIZE });
    source.on('error', (e) => out.destroy(errnoCode(e) === 'ENOENT' ? new BlobNotFoundError(sha) : e));
    // A consumer that stops early must not leave the file open.
    out.on('close', () => source.destroy());
    source.pipe(out);
    return out;
  }

  /** The whole blob, verified. For small blobs (thumbnails); stream big ones with openVerified. */
  async readVerified(sha: string): Promise<Buffer> {
    const file = this.path(sha);
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch (e) {
      if (errnoCode(e) === 'ENOENT') throw new BlobNotFoundError(sha);
      throw e;
    }
    if (createHash('sha256').update(data).digest('hex') !== sha)
      throw new BlobCorruptError(sha, await this.quarantine(sha));
    return data;
  }

  /** True when the blob exists and its bytes match its name; a damaged blob is quarantined. */
  async verify(sha: string): Promise<boolean> {
    const file = this.path(sha);
    try {
      if ((await hashFile(file)).sha256 === sha) return true;
    } catch (e) {
      if (errnoCode(e) === 'ENOENT') return false;
      throw e;
    }
    await this.quarantine(sha);
    return false;
  }

  /** Deletes a blob; false when it was not there. */
  async remove(sha: string): Promise<boolean> {
    try {
      await fs.unlink(this.path(sha));
      return true;
    } catch (e) {
      if (errnoCode(e) === 'ENOENT') return false;
      throw e;
    }
  }

  /** Deletes temp files a crash left behind (run at startup); returns how many. */
  async cleanTemp(): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.tempDir);
    } catch (e) {
      if (errnoCode(e) === 'ENOENT') return 0;
      throw e;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tempDir, name);
      if (this.writing.has(file)) continue;
      await fs.rm(file, { force: true, recursive: true });
      removed += 1;
    }
    return removed;
  }

  /**
   * Writes a fresh temp file through `write` (which fsyncs it), checks it, and moves it into place
   * with `io`; on any failure removes it.
   */
  private async store(
    label: string,
    opts: PutOptions,
    write: (temp: string) => Promise<Filled>,
    io: PlaceIo = threaded,
  ): Promise<PutResult> {
    const { signal } = opts;
    const temp = path.join(this.tempDir, `${randomUUID()}.part`);
    this.writing.add(temp);
    let checking = false;
    try {
      const written = await write(temp);
      signal?.throwIfAborted();
      checking = true;
      await opts.check?.(temp, { size: written.size, ...(written.head && { head: written.head }) });
      checking = false;
      return await this.commit(temp, written.sha256, written.size, io);
    } catch (e) {
      await io.remove(temp).catch(() => undefined);
      if (signal?.aborted) throw signal.reason;
      // A refusal from the check is the caller's own error, not a failure to write.
      throw e instanceof BlobWriteError || checking ? e : new BlobWriteError(label, e);
    } finally {
      this.writing.delete(temp);
    }
  }

  private async writeTemp(temp: string, fill: (temp: WritableFile) => Promise<Filled>): Promise<Filled> {
    const file = await this.createTemp(temp);
    let written: Filled;
    try {
      written = await fill(file);
      await file.sync();
    } catch (e) {
      await file.close().catch(() => undefined);
      throw e;
    }
    // close can report a deferred write error (network disks); it counts as a failed write.
    await file.close();
    return written;
  }

  /** The temp folder, made on the first write. */
  private tempFolder(): Promise<void> {
    return (this.tempReady ??= fs.mkdir(this.tempDir, { recursive: true, mode: PRIVATE_DIR_MODE }).then(
      () => undefined,
      (e: unknown) => {
        this.tempReady = null;
        throw e;
      },
    ));
  }

  /** A new temp file; the folder is made on the first write, and again if something removed it since. */
  private async createTemp(temp: string): Promise<WritableFile> {
    await this.tempFolder();
    try {
      return await this.ops.createTemp(temp);
    } catch (e) {
      if (errnoCode(e) !== 'ENOENT') throw e;
      await fs.mkdir(this.tempDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      return this.ops.createTemp(temp);
    }
  }

  private async commit(temp: string, sha256: string, size: number, io: PlaceIo): Promise<PutResult> {
    const target = this.path(sha256);
    // Same name means same content; a size mismatch means the old copy is damaged, so replace it.
    if ((await io.size(target)) === size) {
      await io.remove(temp);
      return { sha256, size, existed: true };
    }
    // Two imports of the same new content may both get here; the second rename replaces an
    // identical file, which is harmless.
    const shard = path.dirname(target);
    let made = await this.shard(shard);
    try {
      await io.rename(temp, target).catch(async (e: unknown) => {
        // A shard folder removed since this store saw it: made again, once.
        if (errnoCode(e) !== 'ENOENT') throw e;
        this.shards.delete(shard);
        made = await this.shard(shard);
        await io.rename(temp, target);
      });
    } catch (e) {
      // Windows refuses to replace a file another process has open; if an equal copy is there, fine.
      if ((await io.size(target)) !== size) throw e;
      await io.remove(temp);
      return { sha256, size, existed: true };
    }
    // The shard's entry and (for a new shard) the root's must reach the disk; asked together they
    // share one journal commit, and writes into one folder at once share its fsync.
    await Promise.all([this.dirSyncs.request(shard), made.rootSynced]);
    return { sha256, size, existed: false };
  }

  /**
   * Makes a shard folder once per store. A folder this store creates is recorded in the root by an
   * fsync every write into it waits for, also the writes that raced its creation.
   */
  private shard(dir: string): Promise<{ rootSynced: Promise<void> }> {
    let ready = this.shards.get(dir);
    if (!ready) {
      ready = fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE }).then(
        (created) => ({ rootSynced: created === undefined ? Promise.resolve() : this.dirSyncs.request(this.root) }),
        (e: unknown) => {
          this.shards.delete(dir);
          throw e;
        },
      );
      this.shards.set(dir, ready);
    }
    return ready;
  }

  /** Moves a damaged blob aside so it is never served again; returns where it went (null if it was gone). */
  private async quarantine(sha: string): Promise<string | null> {
    const destination = path.join(this.quarantineDir, `${sha}.${Date.now()}`);
    try {
      await fs.mkdir(this.quarantineDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      await fs.rename(this.path(sha), destination);
      return destination;
    } catch (e) {
      if (errnoCode(e) === 'ENOENT') return null;
      throw e;
    }
  }
}
