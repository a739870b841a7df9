import fs from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../../fs/private-modes';
import type { WritableFile } from '../../fs/writable-file';

export { type WritableFile, writeAll } from '../../fs/writable-file';

/** The part of a FileHandle the store reads sources through. */
export interface ReadableFile {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

/**
 * The file operations behind BlobStore, injectable so tests can fail a write half way (ENOSPC)
 * or count how much is read at once. Node's FileHandle satisfies both shapes.
 */
export interface BlobFsOps {
  openRead(file: string): Promise<ReadableFile>;
  /** Creates a new file for writing; fails if it exists (temp names must never collide). */
  createTemp(file: string): Promise<WritableFile>;
}

export const nodeBlobFs: BlobFsOps = {
  openRead: (file) => fs.open(file, 'r'),
  // Owner-only whatever the process umask: the media of one user is nobody else's business.
  createTemp: (file) => fs.open(file, 'wx', PRIVATE_FILE_MODE),
};
