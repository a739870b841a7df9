import fs from 'node:fs';
import type { DamageKind } from '../../../shared/backups';

// Checks that read the database and its WAL as bytes, before SQLite opens them: SQLite would
// quietly ignore a damaged WAL (and drop the changes in it at the next checkpoint).

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

function readAt(fd: number, length: number, position: number): Buffer {
  const buf = Buffer.alloc(length);
  const read = fs.readSync(fd, buf, 0, length, position);
  return buf.subarray(0, read);
}

/** Page size from a database header (stored as 1 for 65536); null when it is not a valid one. */
function pageSizeOf(header: Buffer): number | null {
  const raw = header.readUInt16BE(16);
  const size = raw === 1 ? 65536 : raw;
  return size >= 512 && size <= 65536 && (size & (size - 1)) === 0 ? size : null;
}

/**
 * The database file's first 100 bytes against its size: not SQLite at all, or cut short.
 * `walHasFrames` excuses a short file (a checkpoint that had not finished is redone from the WAL).
 */
export function checkDatabaseHeader(file: string, walHasFrames: boolean): DamageKind | null {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const header = readAt(fd, 100, 0);
    if (header.length < 16) return 'truncated';
    if (!header.subarray(0, 16).equals(SQLITE_HEADER)) return 'not-a-database';
    if (header.length < 100) return 'truncated';
    const pageSize = pageSizeOf(header);
    // Payload fractions are fixed at 64/32/32 in every valid file.
    if (pageSize === null || header[21] !== 64 || header[22] !== 32 || header[23] !== 32) return 'not-a-database';
    if (walHasFrames) return null;
    if (size % pageSize !== 0) return 'truncated';
    // The in-header page count is trusted only when its "valid for" counter matches the change counter.
    const pages = header.readUInt32BE(28);
    if (header.readUInt32BE(92) === header.readUInt32BE(24) && size < pages * pageSize) return 'truncated';
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** SQLite's WAL checksum: pairs of 32-bit words in the byte order the WAL header names. */
function checksum(data: Buffer, bigEndian: boolean, s: [number, number]): [number, number] {
  let [s1, s2] = s;
  for (let i = 0; i + 8 <= data.length; i += 8) {
    const x0 = bigEndian ? data.readUInt32BE(i) : data.readUInt32LE(i);
    const x1 = bigEndian ? data.readUInt32BE(i + 4) : data.readUInt32LE(i + 4);
    s1 = (s1 + x0 + s2) >>> 0;
    s2 = (s2 + x1 + s1) >>> 0;
  }
  return [s1, s2];
}

export interface WalState {
  /** Valid frames SQLite will read. */
  frames: number;
  /** Committed changes after a damaged frame: SQLite would skip them without a word. */
  damaged: boolean;
}

interface WalHeader {
  bigEndian: boolean;
  pageSize: number;
  salts: [number, number];
  sum: [number, number];
}

function walHeader(head: Buffer): WalHeader | null {
  if (head.length < WAL_HEADER_BYTES) return null;
  const magic = head.readUInt32BE(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return null;
  const bigEndian = (magic & 1) === 1;
  const pageSize = head.readUInt32BE(8);
  const sum = checksum(head.subarray(0, 24), bigEndian, [0, 0]);
  if (sum[0] !== head.readUInt32BE(24) || sum[1] !== head.readUInt32BE(28) || pageSize < 512 || pageSize > 65536)
    return null;
  return { bigEndian, pageSize, salts: [head.readUInt32BE(16), head.readUInt32BE(20)], sum };
}

/**
 * Walk a WAL's frames as SQLite's recovery does. A frame that fails its checksum ends what SQLite
 * reads; frames of the same generation (same salts) committed after it mean changes were lost.
 * A torn last transaction (a crash while writing) leaves at most one such commit, which is normal.
 */
export function checkWal(walFile: string): WalState {
  if (!fs.existsSync(walFile)) return { frames: 0, damaged: false };
  const fd = fs.openSync(walFile, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const header = walHeader(readAt(fd, WAL_HEADER_BYTES, 0));
    if (!header) return { frames: 0, damaged: size >= WAL_HEADER_BYTES + FRAME_HEADER_BYTES + 512 };
    const frameBytes = FRAME_HEADER_BYTES + header.pageSize;
    let sum = header.sum;
    let frames = 0;
    let broken = false;
    let commitsAfterBreak = 0;
    for (let at = WAL_HEADER_BYTES; at + frameBytes <= size; at += frameBytes) {
      const frame = readAt(fd, frameBytes, at);
      const sameGeneration = frame.readUInt32BE(8) === header.salts[0] && frame.readUInt32BE(12) === header.salts[1];
      if (broken) {
        if (sameGeneration && frame.readUInt32BE(4) !== 0) commitsAfterBreak++;
        continue;
      }
      const next = checksum(
        frame.subarray(FRAME_HEADER_BYTES),
        header.bigEndian,
        checksum(frame.subarray(0, 8), header.bigEndian, sum),
      );
      // The end of what SQLite reads: normally frames left from before the WAL was restarted.
      if (!sameGeneration || next[0] !== frame.readUInt32BE(16) || next[1] !== frame.readUInt32BE(20)) {
        broken = true;
        continue;
      }
      sum = next;
      frames++;
    }
    return { frames, damaged: commitsAfterBreak > 1 };
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether the header says WAL mode (its read/write versions are 2); a rollback-journal file says 1. */
export function isWalMode(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const versions = readAt(fd, 2, 18);
    return versions.length === 2 && versions[0] === 2 && versions[1] === 2;
  } finally {
    fs.closeSync(fd);
  }
}
