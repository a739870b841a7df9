import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-modes';

/**
 * Write a file so that a crash leaves either the old or the new content: temp, fsync, rename,
 * fsync dir. A failure on the way (a full disk) removes the temp file: nothing half-written stays.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode = PRIVATE_FILE_MODE): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = fs.openSync(tmp, 'w', mode);
  try {
    try {
      fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
      fs.fsyncSync(fd);
    } finally {
      // close can report a deferred write error (network disks): it fails the write like any other.
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  try {
    const dirFd = fs.openSync(path.dirname(file), 'r');
    fs.fsyncSync(dirFd);
    fs.closeSync(dirFd);
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the rename is still atomic there.
  }
}
