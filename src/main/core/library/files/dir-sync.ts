import fs from 'node:fs';

/**
 * fsync a folder so a rename into it survives a power cut; not possible on Windows, where rename
 * is durable enough. Callbacks rather than a FileHandle: one promise for the three calls, as this
 * runs once per stored blob.
 */
function syncDir(dir: string): Promise<void> {
  return new Promise((resolve) => {
    fs.open(dir, 'r', (opened, fd) => {
      // EISDIR/EPERM on Windows: nothing more can be done there.
      if (opened) return resolve();
      fs.fsync(fd, () => fs.close(fd, () => resolve()));
    });
  });
}

/**
 * Folder fsyncs shared between writes: a caller needs a sync that starts after its rename, so
 * while one runs, every caller arriving meanwhile waits for the single next one, which then covers
 * them all (the group commit the database's own flush does).
 */
export class DirSyncs {
  private readonly running = new Map<string, Promise<void>>();
  private readonly next = new Map<string, Promise<void>>();

  constructor(private readonly sync: (dir: string) => Promise<void> = syncDir) {}

  /** Resolves once every entry renamed into `dir` before this call is on disk. */
  request(dir: string): Promise<void> {
    const running = this.running.get(dir);
    if (!running) return this.start(dir);
    let next = this.next.get(dir);
    if (!next) {
      const after = () => {
        this.next.delete(dir);
        return this.start(dir);
      };
      next = running.then(after, after);
      this.next.set(dir, next);
    }
    return next;
  }

  private start(dir: string): Promise<void> {
    const run = this.sync(dir).finally(() => {
      if (this.running.get(dir) === run) this.running.delete(dir);
    });
    this.running.set(dir, run);
    return run;
  }
}
