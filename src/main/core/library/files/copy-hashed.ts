import { createHash } from 'node:crypto';
import { type ReadableFile, type WritableFile, writeAll } from './blob-fs';
import { CHUNK_SIZE, releaseChunk, takeChunk } from './chunk-pool';

/**
 * Copies `source` into `target` while hashing it. Double-buffered: the next read runs while the
 * current chunk is written and hashed, so disk and CPU overlap; two chunks are all the memory a
 * copy holds, whatever the file size.
 */
export async function copyHashed(
  source: ReadableFile,
  target: WritableFile,
  signal?: AbortSignal,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  const buffers = [takeChunk(), takeChunk()] as const;
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
    }
  } finally {
    // Never leave a read in flight on a handle the caller is about to close, or on a reused buffer.
    await reading.then(
      () => undefined,
      () => undefined,
    );
    buffers.forEach(releaseChunk);
  }
  return { sha256: hash.digest('hex'), size: position };
}
