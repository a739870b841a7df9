/** Read size for copying and hashing blobs. */
export const CHUNK_SIZE = 1 << 20;

// Chunk buffers are reused: fresh ones per file pile up as garbage faster than the GC collects
// external memory (importing many files grew RSS by tens of MB before this pool).
const spare: Buffer[] = [];
const MAX_SPARE = 8;

/** A CHUNK_SIZE buffer with stale content; hand it back with releaseChunk when done. */
export function takeChunk(): Buffer {
  return spare.pop() ?? Buffer.allocUnsafe(CHUNK_SIZE);
}

export function releaseChunk(buffer: Buffer): void {
  if (spare.length < MAX_SPARE && buffer.length === CHUNK_SIZE) spare.push(buffer);
}
