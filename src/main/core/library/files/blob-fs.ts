import fs from 'node:fs/promises';

/** The part of a FileHandle the store reads sources through. */
export interface ReadableFile {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

/** The part of a FileHandle the store writes temp files through. */
export interface WritableFile {
  write(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
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
  createTemp: (file) => fs.open(file, 'wx'),
};

/** Writes all of `data`: a regular file may accept less than asked in one call. */
export async function writeAll(file: WritableFile, data: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await file.write(data, done, data.length - done, position + done);
    if (bytesWritten <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
    done += bytesWritten;
  }
}
