import fs from 'node:fs/promises';
import { type WritableFile, writeAll } from './writable-file';

/** How an export creates its files; tests inject a full disk here. */
export interface ExportFsOps {
  /** Creates a new file for writing; fails if it exists (an export never overwrites). */
  createNew(file: string): Promise<WritableFile>;
}

export const nodeExportFs: ExportFsOps = { createNew: (file) => fs.open(file, 'wx') };

type Source = string | Buffer | AsyncIterable<Uint8Array>;

/**
 * Writes an export's files into a folder: each one new, written whole and fsynced. When anything
 * fails (a full disk, a damaged source), discard() removes every file and folder this export
 * created, so no half-written export is left behind.
 */
export class ExportWriter {
  private readonly files: string[] = [];
  private readonly folders: string[] = [];

  constructor(private readonly ops: ExportFsOps = nodeExportFs) {}

  /** Creates a folder that must not exist yet: if it appeared since the caller looked, another export writes there. */
  async folder(dir: string): Promise<void> {
    await fs.mkdir(dir);
    this.folders.push(dir);
  }

  /** Writes one new file; returns its size. On failure the file is removed again. */
  async write(file: string, source: Source): Promise<number> {
    const handle = await this.ops.createNew(file);
    this.files.push(file);
    let size = 0;
    try {
      const chunks = typeof source === 'string' || Buffer.isBuffer(source) ? [Buffer.from(source)] : source;
      for await (const chunk of chunks) {
        const data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        await writeAll(handle, data, size);
        size += data.length;
      }
      await handle.sync();
    } catch (e) {
      await handle.close().catch(() => undefined);
      await this.remove(file);
      throw e;
    }
    try {
      // close can report a deferred write error (network disks); it counts as a failed write.
      await handle.close();
    } catch (e) {
      await this.remove(file);
      throw e;
    }
    return size;
  }

  /** Everything this export wrote goes again (newest first, folders last). */
  async discard(): Promise<void> {
    for (const file of this.files.splice(0).reverse()) await fs.rm(file, { force: true }).catch(() => undefined);
    for (const dir of this.folders.splice(0).reverse())
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }

  private async remove(file: string): Promise<void> {
    await fs.rm(file, { force: true }).catch(() => undefined);
    const at = this.files.lastIndexOf(file);
    if (at >= 0) this.files.splice(at, 1);
  }
}
