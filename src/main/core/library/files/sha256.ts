import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { InvalidShaError } from './blob-errors';
import { CHUNK_SIZE, releaseChunk, takeChunk } from './chunk-pool';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function isSha256(value: string): boolean {
  return SHA256_HEX.test(value);
}

/** Throws unless `value` is 64 lowercase hex; ids become paths, so nothing else may pass. */
export function assertSha256(value: string): string {
  if (typeof value !== 'string' || !SHA256_HEX.test(value)) throw new InvalidShaError(String(value));
  return value;
}

/** SHA-256 of a file, read one chunk at a time so memory stays flat whatever its size. */
export async function hashFile(file: string, signal?: AbortSignal): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  const handle = await fs.open(file, 'r');
  const chunk = takeChunk();
  let size = 0;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_SIZE, size);
      if (bytesRead === 0) break;
      hash.update(chunk.subarray(0, bytesRead));
      size += bytesRead;
    }
  } finally {
    await handle.close();
    releaseChunk(chunk);
  }
  return { sha256: hash.digest('hex'), size };
}
