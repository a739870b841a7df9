import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../../test/support/temp-dirs';
import { type ReadableFile, type WritableFile, nodeBlobFs } from './blob-fs';
import { BlobStore } from './blob-store';
import { CHUNK_SIZE } from './chunk-pool';
import { copyHashed, FLUSH_EVERY, WRITE_PIECE } from './copy-hashed';

const tmp = tempDirs('copy-hashed');

/** A source of `size` bytes where byte i is (i * 31 + i / 4096) & 255, so every chunk differs; nothing on disk. */
function patternSource(size: number): ReadableFile & { expected: string } {
  const byte = (i: number) => (i * 31 + Math.floor(i / 4096)) & 255;
  const reference = createHash('sha256');
  const block = Buffer.alloc(CHUNK_SIZE);
  for (let at = 0; at < size; at += CHUNK_SIZE) {
    const n = Math.min(CHUNK_SIZE, size - at);
    for (let i = 0; i < n; i += 1) block[i] = byte(at + i);
    reference.update(block.subarray(0, n));
  }
  return {
    expected: reference.digest('hex'),
    read: (buffer, offset, length, position) => {
      const n = Math.max(0, Math.min(length, size - position));
      for (let i = 0; i < n; i += 1) buffer[offset + i] = byte(position + i);
      return Promise.resolve({ bytesRead: n });
    },
    close: () => Promise.resolve(),
  };
}

/** A target that keeps only a hash of what reached it and a log of writes and flushes. */
function recordingTarget() {
  const events: string[] = [];
  let inFlight = 0;
  let overlapped = false;
  const received = createHash('sha256');
  let written = 0;
  let largestWrite = 0;
  const target: WritableFile = {
    write: (buffer, offset, length, position) => {
      largestWrite = Math.max(largestWrite, length);
      if (position !== written) throw new Error(`write at ${position}, expected ${written}`);
      received.update(buffer.subarray(offset, offset + length));
      written += length;
      events.push('write');
      return Promise.resolve({ bytesWritten: length });
    },
    sync: async () => {
      if (inFlight > 0) overlapped = true;
      inFlight += 1;
      events.push(`flush at ${written}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    },
    close: () => Promise.resolve(),
  };
  return {
    target,
    events,
    received: () => received.digest('hex'),
    overlapped: () => overlapped,
    largestWrite: () => largestWrite,
  };
}

describe('copyHashed', () => {
  it('flushes the copy to disk as it goes, one flush at a time, and hashes exactly what it wrote', async () => {
    const size = 3 * FLUSH_EVERY + 12_345;
    const source = patternSource(size);
    const recording = recordingTarget();
    const result = await copyHashed(source, recording.target);
    expect(result).toEqual({ sha256: source.expected, size });
    expect(recording.received()).toBe(source.expected);
    const flushes = recording.events.filter((e) => e.startsWith('flush'));
    // A flush starts once FLUSH_EVERY more bytes are written and none is running (the final fsync is the caller's).
    expect(flushes.length).toBeGreaterThanOrEqual(1);
    expect(flushes.length).toBeLessThanOrEqual(3);
    // Started once the writes done reach FLUSH_EVERY; a few chunks may still be in flight by then.
    const first = Number(flushes[0]!.slice('flush at '.length));
    expect(first).toBeGreaterThanOrEqual(FLUSH_EVERY);
    expect(first).toBeLessThanOrEqual(FLUSH_EVERY + 3 * CHUNK_SIZE);
    expect(recording.overlapped()).toBe(false);
    // Written in pieces, so the system never needs large runs of free memory for the new file's pages.
    expect(recording.largestWrite()).toBe(WRITE_PIECE);
  });

  it('does not flush a copy smaller than FLUSH_EVERY (the caller fsyncs it once)', async () => {
    const source = patternSource(FLUSH_EVERY - 1);
    const recording = recordingTarget();
    expect(await copyHashed(source, recording.target)).toEqual({ sha256: source.expected, size: FLUSH_EVERY - 1 });
    expect(recording.events.filter((e) => e.startsWith('flush'))).toEqual([]);
  });

  it('a failed early flush fails the import and leaves no temp file and no blob', async () => {
    // Like Linux, the failure is reported once: a later fsync of the same file succeeds.
    let syncs = 0;
    const dir = tmp();
    const root = path.join(dir, 'blobs');
    const source = patternSource(FLUSH_EVERY + 3 * CHUNK_SIZE);
    const store = new BlobStore(root, {
      fs: {
        openRead: () => Promise.resolve(source),
        createTemp: async (file) => {
          const real = await nodeBlobFs.createTemp(file);
          return {
            write: (buffer, offset, length, position) => real.write(buffer, offset, length, position),
            sync: async () => {
              syncs += 1;
              if (syncs === 1) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
              await real.sync();
            },
            close: () => real.close(),
          };
        },
      },
    });
    const error = await store.putFile(path.join(dir, 'movie.mov')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`Could not add ${path.join(dir, 'movie.mov')} to the library`);
    expect(syncs).toBe(1);
    expect(fs.readdirSync(root).filter((name) => name !== '.tmp')).toEqual([]);
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });
});
