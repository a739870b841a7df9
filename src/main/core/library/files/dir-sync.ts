import fs from 'node:fs';

/**
 * fsync a folder so a rename into it survives a power cut; not possible on Windows, where rename
 * is durable enough. Opened and closed with direct calls (microseconds each): only the wait for
 * the disk goes through the thread pool, one trip instead of three, as this runs per stored blob.
 */
function syncDir(dir: string): Promise<void> {
  let fd: number;
  try {
    fd = fs.openSync(dir, 'r');
  } catch {
    // EISDIR/EPERM on Windows: nothing more can be done there.
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    fs.fsync(fd, () => {
      try {
        fs.closeSync(fd);
      } catch {
        // As before: a folder that cannot be synced or closed is not the caller's failure.
      }
      resolve();
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
