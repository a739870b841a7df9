import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../../test/support/temp-dirs';
import {
  BlobCorruptError,
  BlobNotFoundError,
  BlobStore,
  HEAD_BYTES,
  InvalidShaError,
  type Written,
} from './blob-store';
import { type BlobFsOps, nodeBlobFs, type WritableFile } from './blob-fs';
import { CHUNK_SIZE } from './chunk-pool';

const tmp = tempDirs('blobs');
const MB = 1 << 20;

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Every file under `root`, relative, sorted; folders alone are not listed. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

function writeSource(dir: string, name: string, data: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

/** Wraps the real temp-file writes, calling `onWrite` with the running total before each one. */
function interceptWrites(onWrite: (total: number) => void): BlobFsOps {
  return {
    openRead: nodeBlobFs.openRead,
    createTemp: async (file) => {
      const real = await nodeBlobFs.createTemp(file);
      let total = 0;
      const wrapped: WritableFile = {
        write: async (buffer, offset, length, position) => {
          onWrite(total);
          const result = await real.write(buffer, offset, length, position);
          total += result.bytesWritten;
          return result;
        },
        sync: () => real.sync(),
        close: () => real.close(),
      };
      return wrapped;
    },
  };
}

describe('BlobStore', () => {
  it('stores a file under its SHA-256, which equals the crypto hash of its bytes', async () => {
    const dir = tmp();
    const data = randomBytes(3 * MB + 123);
    const store = new BlobStore(path.join(dir, 'blobs'));
    const put = await store.putFile(writeSource(dir, 'photo.jpg', data));
    expect(put).toEqual({ sha256: sha256(data), size: data.length, existed: false });
    expect(store.path(put.sha256)).toBe(path.join(dir, 'blobs', put.sha256.slice(0, 2), put.sha256));
    expect(fs.readFileSync(store.path(put.sha256)).equals(data)).toBe(true);
    expect(await store.has(put.sha256)).toBe(true);
    expect(await store.size(put.sha256)).toBe(data.length);
    expect(filesUnder(path.join(dir, 'blobs'))).toEqual([path.join(put.sha256.slice(0, 2), put.sha256)]);
  });

  it('stores identical content once, from files or buffers', async () => {
    const dir = tmp();
    const data = randomBytes(100_000);
    const store = new BlobStore(path.join(dir, 'blobs'));
    const first = await store.putFile(writeSource(dir, 'a.png', data));
    const second = await store.putFile(writeSource(dir, 'copy of a.png', data));
    const third = await store.putBuffer(Buffer.from(data));
    expect(first.existed).toBe(false);
    expect(second).toEqual({ ...first, existed: true });
    expect(third).toEqual({ ...first, existed: true });
    expect(filesUnder(path.join(dir, 'blobs'))).toHaveLength(1);
  });

  it('two imports of the same new content at once both succeed and leave one blob', async () => {
    const dir = tmp();
    const data = randomBytes(3 * MB);
    const store = new BlobStore(path.join(dir, 'blobs'));
    const [a, b] = await Promise.all([
      store.putFile(writeSource(dir, 'a.mp4', data)),
      store.putFile(writeSource(dir, 'b.mp4', data)),
    ]);
    expect(a.sha256).toBe(b.sha256);
    expect(filesUnder(path.join(dir, 'blobs'))).toEqual([path.join(a.sha256.slice(0, 2), a.sha256)]);
    expect(await store.readVerified(a.sha256)).toEqual(data);
  });

  it('stores an empty file', async () => {
    const dir = tmp();
    const store = new BlobStore(path.join(dir, 'blobs'));
    const put = await store.putFile(writeSource(dir, 'empty.txt', Buffer.alloc(0)));
    expect(put).toEqual({ sha256: sha256(Buffer.alloc(0)), size: 0, existed: false });
  });

  it('hashes a 50 MB file in bounded memory: 1 MiB reads and writes, RSS growth far below the file size', async () => {
    const dir = tmp();
    const source = path.join(dir, 'big.mov');
    const reference = createHash('sha256');
    const block = Buffer.alloc(MB);
    const fd = fs.openSync(source, 'w');
    for (let i = 0; i < 50; i += 1) {
      block.fill(i);
      block.writeUInt32LE(i * 7919, (i * 4099) % (MB - 4));
      fs.writeSync(fd, block);
      reference.update(block);
    }
    fs.closeSync(fd);

    let largestRead = 0;
    let largestWrite = 0;
    const counting: BlobFsOps = {
      openRead: async (file) => {
        const real = await nodeBlobFs.openRead(file);
        return {
          read: (buffer, offset, length, position) => {
            largestRead = Math.max(largestRead, length);
            return real.read(buffer, offset, length, position);
          },
          close: () => real.close(),
        };
      },
      createTemp: async (file) => {
        const real = await nodeBlobFs.createTemp(file);
        return {
          write: (buffer, offset, length, position) => {
            largestWrite = Math.max(largestWrite, length);
            return real.write(buffer, offset, length, position);
          },
          sync: () => real.sync(),
          close: () => real.close(),
        };
      },
    };
    const store = new BlobStore(path.join(dir, 'blobs'), { fs: counting });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    try {
      const put = await store.putFile(source);
      expect(put.sha256).toBe(reference.digest('hex'));
      expect(put.size).toBe(50 * MB);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(largestRead).toBeLessThanOrEqual(CHUNK_SIZE);
    expect(largestWrite).toBeLessThanOrEqual(CHUNK_SIZE);
    expect(peak - before).toBeLessThan(30 * MB);
  });

  it('detects a damaged blob on read, raises BlobCorruptError and quarantines it', async () => {
    const dir = tmp();
    const root = path.join(dir, 'blobs');
    const store = new BlobStore(root);
    const data = randomBytes(64 * 1024);
    const { sha256: sha } = await store.putBuffer(data);
    expect(await store.readVerified(sha)).toEqual(data);
    expect(await store.verify(sha)).toBe(true);

    const damaged = Buffer.from(data);
    damaged[1000] = damaged[1000]! ^ 0xff;
    fs.writeFileSync(store.path(sha), damaged);

    const error = await store.readVerified(sha).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlobCorruptError);
    expect((error as BlobCorruptError).sha256).toBe(sha);
    expect((error as BlobCorruptError).message).toMatch(/damaged on disk.*Import the original again/);
    expect(await store.has(sha)).toBe(false);
    const quarantined = fs.readdirSync(path.join(root, '.quarantine'));
    expect(quarantined).toHaveLength(1);
    expect(quarantined[0]!.startsWith(sha)).toBe(true);
    expect(fs.readFileSync(path.join(root, '.quarantine', quarantined[0]!))).toEqual(damaged);
    // Never served again: it is simply gone from the store.
    await expect(store.readVerified(sha)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('streams a blob with openVerified and fails the stream when the bytes were damaged', async () => {
    const dir = tmp();
    const store = new BlobStore(path.join(dir, 'blobs'));
    const good = await store.putBuffer(Buffer.from('hello library'));
    expect(await text(store.openVerified(good.sha256))).toBe('hello library');

    const bad = await store.putBuffer(Buffer.from('original bytes'));
    fs.writeFileSync(store.path(bad.sha256), 'tampered bytes');
    await expect(text(store.openVerified(bad.sha256))).rejects.toBeInstanceOf(BlobCorruptError);
    expect(await store.has(bad.sha256)).toBe(false);

    await expect(text(store.openVerified(bad.sha256))).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('verify quarantines a damaged blob and reports a missing one as false', async () => {
    const dir = tmp();
    const store = new BlobStore(path.join(dir, 'blobs'));
    const { sha256: sha } = await store.putBuffer(Buffer.from('abc'));
    fs.writeFileSync(store.path(sha), 'abd');
    expect(await store.verify(sha)).toBe(false);
    expect(await store.has(sha)).toBe(false);
    expect(await store.verify(sha)).toBe(false);
  });

  it('replaces a truncated copy when the same content is imported again', async () => {
    const dir = tmp();
    const data = randomBytes(10_000);
    const source = writeSource(dir, 'clip.mp4', data);
    const store = new BlobStore(path.join(dir, 'blobs'));
    const { sha256: sha } = await store.putFile(source);
    fs.truncateSync(store.path(sha), 5_000);
    expect(await store.putFile(source)).toEqual({ sha256: sha, size: data.length, existed: false });
    expect(await store.readVerified(sha)).toEqual(data);
  });

  it('ENOSPC in the middle of a write rejects with code ENOSPC and leaves no temp file and no blob', async () => {
    const dir = tmp();
    const root = path.join(dir, 'blobs');
    const source = writeSource(dir, 'movie.mp4', randomBytes(5 * MB));
    let writes = 0;
    const full = interceptWrites((total) => {
      writes += 1;
      if (total >= 2 * MB) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    const store = new BlobStore(root, { fs: full });
    const error = await store.putFile(source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: string }).code).toBe('ENOSPC');
    expect((error as Error).message).toBe(
      `Could not add ${source} to the library: the disk is full. Free some disk space and try again.`,
    );
    expect(writes).toBeGreaterThan(2);
    expect(filesUnder(root)).toEqual([]);
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('ENOSPC while writing a buffer leaves nothing either', async () => {
    const dir = tmp();
    const root = path.join(dir, 'blobs');
    const store = new BlobStore(root, {
      fs: interceptWrites(() => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }),
    });
    await expect(store.putBuffer(randomBytes(1000), { label: 'thumbnail of a.png' })).rejects.toMatchObject({
      code: 'ENOSPC',
      message: expect.stringContaining('Could not add thumbnail of a.png to the library: the disk is full'),
    });
    expect(filesUnder(root)).toEqual([]);
  });

  it('an abort in the middle of a copy rejects with the abort reason and leaves nothing', async () => {
    const dir = tmp();
    const root = path.join(dir, 'blobs');
    const source = writeSource(dir, 'movie.mp4', randomBytes(6 * MB));
    const controller = new AbortController();
    const store = new BlobStore(root, {
      fs: interceptWrites((total) => {
        if (total >= MB) controller.abort();
      }),
    });
    const error = await store.putFile(source, { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(filesUnder(root)).toEqual([]);
    await expect(store.putFile(source, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(filesUnder(root)).toEqual([]);
  });

  it('reports a missing source file with its path and what to do', async () => {
    const dir = tmp();
    const root = path.join(dir, 'blobs');
    const store = new BlobStore(root);
    const missing = path.join(dir, 'gone.png');
    await expect(store.putFile(missing)).rejects.toMatchObject({
      code: 'ENOENT',
      message:
        `Could not add ${missing} to the library: the file no longer exists. ` +
        `Check that it was not moved, renamed or deleted.`,
    });
    expect(filesUnder(root)).toEqual([]);
  });

  it('refuses a folder with a message that says so', async () => {
    const dir = tmp();
    const root = path.join(dir, 'blobs');
    const folder = path.join(dir, 'holiday');
    fs.mkdirSync(folder);
    await expect(new BlobStore(root).putFile(folder)).rejects.toMatchObject({
      code: 'EISDIR',
      message:
        `Could not add ${folder} to the library: it is a folder, not a file. ` + `Choose the files inside it instead.`,
    });
    expect(filesUnder(root)).toEqual([]);
  });

  it('rejects anything but 64 lowercase hex characters as a blob id', async () => {
    const store = new BlobStore(tmp());
    const valid = 'a'.repeat(64);
    expect(() => store.path(valid)).not.toThrow();
    for (const bad of [
      '',
      'abc',
      'A'.repeat(64),
      `${'a'.repeat(63)}g`,
      'a'.repeat(65),
      `../../${'a'.repeat(58)}`,
      `${'a'.repeat(63)}\n`,
    ]) {
      expect(() => store.path(bad), bad).toThrow(InvalidShaError);
    }
    await expect(store.has('../etc/passwd')).rejects.toThrow(/is not a library file id/);
    await expect(store.readVerified('nope')).rejects.toBeInstanceOf(InvalidShaError);
    expect(() => store.openVerified('nope')).toThrow(InvalidShaError);
    await expect(store.remove('nope')).rejects.toBeInstanceOf(InvalidShaError);
  });

  it('names a blob by its first two characters and its id under the root, however the root was written', () => {
    const dir = tmp();
    const sha = '0f'.padEnd(64, 'e');
    for (const root of [dir, `${dir}${path.sep}`, path.join(dir, 'x', '..'), path.relative(process.cwd(), dir) || '.'])
      expect(new BlobStore(root).path(sha), root).toBe(path.join(path.resolve(dir), '0f', sha));
    expect(new BlobStore(path.parse(dir).root).path(sha)).toBe(path.join(path.parse(dir).root, '0f', sha));
  });

  it('removes blobs, and cleans temp files left by a crash', async () => {
    const dir = tmp();
    const root = path.join(dir, 'blobs');
    const store = new BlobStore(root);
    const { sha256: sha } = await store.putBuffer(Buffer.from('x'));
    expect(await store.remove(sha)).toBe(true);
    expect(await store.remove(sha)).toBe(false);
    expect(await store.has(sha)).toBe(false);
    expect(await store.size(sha)).toBeNull();

    expect(await new BlobStore(path.join(dir, 'fresh')).cleanTemp()).toBe(0);
    fs.writeFileSync(path.join(root, '.tmp', 'dead-1.part'), 'half a file');
    fs.writeFileSync(path.join(root, '.tmp', 'dead-2.part'), 'another half');
    expect(await store.cleanTemp()).toBe(2);
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('cleanTemp leaves a write that is in progress alone', async () => {
    const dir = tmp();
    const root = path.join(dir, 'blobs');
    const data = randomBytes(4 * MB);
    const source = writeSource(dir, 'a.mov', data);
    let cleaned: Promise<number> | undefined;
    const store: BlobStore = new BlobStore(root, {
      fs: interceptWrites((total) => {
        if (total >= MB && cleaned === undefined) cleaned = store.cleanTemp();
      }),
    });
    const put = await store.putFile(source);
    expect(await cleaned).toBe(0);
    expect(await store.readVerified(put.sha256)).toEqual(data);
  });
});

describe('a file moved in from the temp folder', () => {
  it('becomes the blob itself (renamed, not copied), named by its hash; equal content is kept once', async () => {
    const root = path.join(tmp(), 'blobs');
    const store = new BlobStore(root);
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    const data = randomBytes(3 * MB);
    const made = writeSource(path.join(root, '.tmp'), 'fix-1.mp4', data);
    fs.chmodSync(made, 0o644);
    const inode = fs.statSync(made).ino;
    const put = await store.adoptFile(made);
    expect(put).toEqual({ sha256: sha256(data), size: data.length, existed: false });
    const stored = fs.statSync(store.path(put.sha256));
    expect(stored.ino).toBe(inode);
    // Owner-only like every blob, whoever wrote it (modes mean nothing on Windows).
    if (process.platform !== 'win32') expect(stored.mode & 0o777).toBe(0o600);
    expect(fs.existsSync(made)).toBe(false);
    const again = writeSource(path.join(root, '.tmp'), 'fix-2.mp4', data);
    expect(await store.adoptFile(again)).toMatchObject({ sha256: put.sha256, existed: true });
    expect(filesUnder(root)).toEqual([path.join(put.sha256.slice(0, 2), put.sha256)]);
  });

  it('refuses a file outside its temp folder and leaves it where it is', async () => {
    const dir = tmp();
    const store = new BlobStore(path.join(dir, 'blobs'));
    const outside = writeSource(dir, 'mine.mp4', randomBytes(1024));
    await expect(store.adoptFile(outside, { label: 'mine.mp4' })).rejects.toThrow(
      /Could not add mine.mp4 to the library: only a file in the store’s temp folder/,
    );
    expect(fs.existsSync(outside)).toBe(true);
  });

  it('an abort removes the file and stores nothing', async () => {
    const root = path.join(tmp(), 'blobs');
    const store = new BlobStore(root);
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    const made = writeSource(path.join(root, '.tmp'), 'fix-3.mp4', randomBytes(2 * MB));
    const controller = new AbortController();
    const reason = new Error('cancelled');
    controller.abort(reason);
    await expect(store.adoptFile(made, { signal: controller.signal })).rejects.toBe(reason);
    expect(filesUnder(root)).toEqual([]);
  });
});

describe('owner-only files', () => {
  it('stores blobs 0600 in folders 0700 whatever the process umask', async () => {
    const before = process.umask(0o022);
    try {
      const store = new BlobStore(path.join(tmp(), 'media'));
      const put = await store.putBuffer(randomBytes(1000));
      const mode = (p: string) => fs.statSync(p).mode & 0o777;
      expect(mode(store.path(put.sha256))).toBe(0o600);
      expect(mode(path.dirname(store.path(put.sha256)))).toBe(0o700);
      expect(mode(store.root)).toBe(0o700);
      expect(mode(path.join(store.root, '.tmp'))).toBe(0o700);
    } finally {
      process.umask(before);
    }
  });
});

describe('the check before a blob takes its place', () => {
  it('sees the whole temp file; when it throws, its own error comes back and nothing is stored', async () => {
    const store = new BlobStore(path.join(tmp(), 'media'));
    const data = randomBytes(3000);
    const seen: Buffer[] = [];
    const refusal = new Error('refused by the check');
    await expect(
      store.putBuffer(data, { check: async (temp) => void seen.push(fs.readFileSync(temp)) }),
    ).resolves.toMatchObject({ sha256: sha256(data) });
    expect(seen[0]?.equals(data)).toBe(true);
    const other = randomBytes(10);
    await expect(
      store.putStream(
        (async function* () {
          yield other;
        })(),
        { check: () => Promise.reject(refusal) },
      ),
    ).rejects.toBe(refusal);
    expect(await store.has(sha256(other))).toBe(false);
    expect(filesUnder(store.root)).toEqual([path.join(sha256(data).slice(0, 2), sha256(data))]);
  });

  it('is handed the size and first bytes written, copied out of a stream whose chunks are reused', async () => {
    const store = new BlobStore(path.join(tmp(), 'media'));
    const seen: Written[] = [];
    const check = async (_temp: string, written: Written) => void seen.push(written);
    const small = randomBytes(1000);
    await store.putBuffer(small, { check });
    const big = randomBytes(HEAD_BYTES + 5000);
    const chunk = Buffer.alloc(4096);
    await store.putStream(
      (async function* () {
        for (let at = 0; at < big.length; at += chunk.length) {
          const n = big.copy(chunk, 0, at, Math.min(big.length, at + chunk.length));
          yield chunk.subarray(0, n);
        }
      })(),
      { check },
    );
    expect(seen[0]?.size).toBe(1000);
    expect(seen[0]?.head?.equals(small)).toBe(true);
    expect(seen[1]?.size).toBe(big.length);
    expect(seen[1]?.head?.equals(big.subarray(0, HEAD_BYTES))).toBe(true);
  });

  it('makes its temp folder again when something removed it between writes', async () => {
    const store = new BlobStore(path.join(tmp(), 'media'));
    const first = randomBytes(100);
    await store.putBuffer(first);
    fs.rmSync(path.join(store.root, '.tmp'), { recursive: true });
    const second = randomBytes(100);
    await expect(store.putBuffer(second)).resolves.toMatchObject({ sha256: sha256(second), existed: false });
    expect(await store.has(sha256(second))).toBe(true);
  });
});
