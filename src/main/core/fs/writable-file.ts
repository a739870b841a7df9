/** The part of a FileHandle that writers use, so tests can fail a write half way (ENOSPC). */
export interface WritableFile {
  write(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** Writes all of `data`: a regular file may accept less than asked in one call. */
export async function writeAll(file: WritableFile, data: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await file.write(data, done, data.length - done, position + done);
    if (bytesWritten <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
    done += bytesWritten;
  }
}
