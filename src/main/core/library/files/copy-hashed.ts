import { createHash } from 'node:crypto';
import { type ReadableFile, type WritableFile, writeAll } from './blob-fs';
import { CHUNK_SIZE, releaseChunk, takeChunk } from './chunk-pool';

/**
 * How much is written between two early flushes. The disk then writes while the copy goes on, and
 * the caller's final fsync only waits for the tail (measured: a 512 MB copy's final fsync went from
 * about 150–250 ms to under 25 ms; the whole copy was about 15% faster, median of 10 alternating runs).
 */
export const FLUSH_EVERY = 32 * CHUNK_SIZE;

/** Starts an fsync in the background, at most one at a time, every FLUSH_EVERY bytes. */
function earlyFlusher(target: WritableFile) {
  let flushedAt = 0;
  let flushing: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  return {
    /** Called after each write; throws as soon as an earlier flush has failed, so a doomed copy stops. */
    after(position: number): void {
      if (failure) throw failure.error;
      if (flushing || position - flushedAt < FLUSH_EVERY) return;
      flushedAt = position;
      flushing = target.sync().then(
        () => {
          flushing = null;
        },
        (error: unknown) => {
          // Kept for done(): the system may report a failed flush once only, so the final fsync could pass.
          failure = { error };
          flushing = null;
        },
      );
    },
    /** Waits for the flush in flight, then throws the error of any flush that failed. */
    async done(): Promise<void> {
      await flushing;
      if (failure) throw failure.error;
    },
  };
}

/**
 * Copies `source` into `target` while hashing it: one read of the source, each chunk hashed and
 * written from the same buffer. Double-buffered: the next read runs while the current chunk is
 * written and hashed, so disk and CPU overlap; two chunks are all the memory a copy holds, whatever
 * the file size. The target is flushed to disk as the copy goes (see FLUSH_EVERY); the caller still
 * fsyncs it at the end.
 */
export async function copyHashed(
  source: ReadableFile,
  target: WritableFile,
  signal?: AbortSignal,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  const buffers = [takeChunk(), takeChunk()] as const;
  const flusher = earlyFlusher(target);
  const readInto = (index: 0 | 1, at: number) => {
    const pending = source.read(buffers[index], 0, CHUNK_SIZE, at);
    // It may fail while a write is still awaited; mark it handled now, it is awaited below.
    pending.catch(() => undefined);
    return pending;
  };
  let position = 0;
  let current: 0 | 1 = 0;
  let reading = readInto(current, position);
  try {
    for (;;) {
      const { bytesRead } = await reading;
      if (bytesRead === 0) break;
      signal?.throwIfAborted();
      const chunk = buffers[current].subarray(0, bytesRead);
      const at = position;
      position += bytesRead;
      current = current === 0 ? 1 : 0;
      reading = readInto(current, position);
      const writing = writeAll(target, chunk, at);
      hash.update(chunk);
      await writing;
      flusher.after(position);
    }
    await flusher.done();
  } finally {
    // Never leave a read or a flush in flight on a handle the caller is about to close, or a read on a reused buffer.
    await Promise.allSettled([reading, flusher.done()]);
    buffers.forEach(releaseChunk);
  }
  return { sha256: hash.digest('hex'), size: position };
}
