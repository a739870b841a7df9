import { type BigIntStats, constants, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { errnoCode } from './blob-errors';
import { isOverlongName } from './intake-name';
import { intakeWords } from './intake-words';
import { isImportableExtension } from '../../media/media-kind';

export interface ImportCandidate {
  path: string;
  size: number;
}

export interface SkippedPath {
  path: string;
  /** A sentence for people: why it was left out. */
  reason: string;
}

export interface ExpandOptions {
  /** Most files one import may take (default 10,000). */
  maxFiles?: number;
}

export const DEFAULT_MAX_FILES = 10_000;
/**
 * Skipped entries listed individually; beyond this one summary line (a folder of 100k documents must not flood the UI).
 */
const MAX_SKIPPED_LISTED = 1_000;

function unreadableReason(e: unknown, file: string): string {
  switch (errnoCode(e)) {
    case 'ENOENT':
      return 'It no longer exists, or it is a link to something that was moved or deleted.';
    case 'EACCES':
    case 'EPERM':
      return 'Atelier does not have permission to read it.';
    case 'ELOOP':
      return 'It is a link that leads back to itself.';
    case 'ENAMETOOLONG':
      // A name past the library's limit gets the intake's words, as an upload of that name would.
      return isOverlongName(file) ? intakeWords.nameTooLong : 'Its path is too long to open.';
    default:
      return `It could not be read (${errnoCode(e) ?? (e instanceof Error ? e.message : String(e))}).`;
  }
}

// Code-point order, so the result does not depend on the machine's locale.
const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** dev:ino identifies a file or folder across links; null where the file system does not provide it. */
function identity(stat: BigIntStats): string | null {
  return stat.ino === 0n ? null : `${stat.dev}:${stat.ino}`;
}

class Expansion {
  readonly files: ImportCandidate[] = [];
  readonly skipped: SkippedPath[] = [];
  private readonly seenFiles = new Set<string>();
  private readonly seenDirs = new Set<string>();
  private unlisted = 0;
  private firstUnlisted = '';
  full = false;

  constructor(private readonly maxFiles: number) {}

  skip(file: string, reason: string): void {
    if (this.skipped.length < MAX_SKIPPED_LISTED) {
      this.skipped.push({ path: file, reason });
      return;
    }
    if (this.unlisted === 0) this.firstUnlisted = file;
    this.unlisted += 1;
  }

  finish(): { files: ImportCandidate[]; skipped: SkippedPath[] } {
    if (this.unlisted > 0) {
      this.skipped.push({
        path: this.firstUnlisted,
        reason:
          `${this.unlisted.toLocaleString('en')} more files were skipped and are not listed, ` +
          `starting with this one.`,
      });
    }
    return { files: this.files, skipped: this.skipped };
  }

  /** Anything given or found: follows links, then dispatches on what it is. */
  async visit(file: string, explicit: boolean): Promise<void> {
    let stat: BigIntStats;
    try {
      stat = await fs.stat(file, { bigint: true });
    } catch (e) {
      this.skip(file, unreadableReason(e, file));
      return;
    }
    if (stat.isDirectory()) await this.folder(file, stat);
    else if (stat.isFile()) await this.file(file, stat, explicit);
    else this.skip(file, 'It is not a regular file (a device, socket or pipe).');
  }

  private async folder(dir: string, stat: BigIntStats): Promise<void> {
    const id = identity(stat);
    if (id !== null) {
      if (this.seenDirs.has(id)) {
        this.skip(dir, 'This folder is already being imported (a link leads back to it).');
        return;
      }
      this.seenDirs.add(id);
    }
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (e) {
      this.skip(dir, unreadableReason(e, dir));
      return;
    }
    for (const entry of entries.sort(byName)) {
      if (this.full) return;
      const child = path.join(dir, entry.name);
      if (entry.name.startsWith('.')) {
        this.skip(child, entry.isDirectory() ? 'Hidden folders are not imported.' : 'Hidden files are not imported.');
      } else if (entry.isFile() && !isImportableExtension(entry.name)) {
        // Decided from the name alone: opening every document in a big folder would be slow.
        this.skip(child, unsupportedReason(child));
      } else {
        await this.visit(child, false);
      }
    }
  }

  private async file(file: string, stat: BigIntStats, explicit: boolean): Promise<void> {
    // A file picked by hand goes to the intake whatever its name: its content decides, in the
    // intake's words. Inside a folder the name filters, as opening every document would be slow.
    if (!explicit && !isImportableExtension(file)) {
      this.skip(file, unsupportedReason(file));
      return;
    }
    const id = identity(stat);
    if (id !== null && this.seenFiles.has(id)) {
      this.skip(file, 'This file is already in the list (it was given twice or reached through a link).');
      return;
    }
    if (stat.size === 0n) {
      this.skip(file, intakeWords.empty);
      return;
    }
    try {
      await fs.access(file, constants.R_OK);
    } catch (e) {
      this.skip(file, unreadableReason(e, file));
      return;
    }
    if (this.files.length >= this.maxFiles) {
      this.full = true;
      this.skip(
        file,
        `One import takes at most ${this.maxFiles.toLocaleString('en')} files; ` +
          `this file and the rest were not added. Import them in another batch.`,
      );
      return;
    }
    if (id !== null) this.seenFiles.add(id);
    this.files.push({ path: file, size: Number(stat.size) });
  }
}

function unsupportedReason(file: string): string {
  const ext = path.extname(file);
  return ext
    ? `${ext.slice(1).toUpperCase()} files are not supported by the library.`
    : 'Files without a recognisable media type are not supported.';
}

/**
 * Turns what the user dropped or picked into the files to import: files as given, folders
 * recursively in name order. What is left out is listed with the reason, never silently dropped.
 */
export async function expandImportPaths(
  paths: string[],
  opts: ExpandOptions = {},
): Promise<{ files: ImportCandidate[]; skipped: SkippedPath[] }> {
  const expansion = new Expansion(opts.maxFiles ?? DEFAULT_MAX_FILES);
  for (const given of paths) {
    if (expansion.full) break;
    await expansion.visit(path.resolve(given), true);
  }
  return expansion.finish();
}
