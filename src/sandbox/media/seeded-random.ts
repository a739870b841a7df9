import { createHash } from 'node:crypto';

/**
 * Numbers in [0, 1) drawn from a SHA-256 chain seeded by the inputs, so equal inputs give equal
 * media on every machine. Each digest yields eight numbers; the next digest hashes the previous.
 */
export function seededRandom(...parts: (string | number)[]): () => number {
  let digest = createHash('sha256').update(parts.join('\u0000')).digest();
  let offset = 0;
  return () => {
    if (offset + 4 > digest.length) {
      digest = createHash('sha256').update(digest).digest();
      offset = 0;
    }
    const value = digest.readUInt32LE(offset) / 4294967296;
    offset += 4;
    return value;
  };
}
