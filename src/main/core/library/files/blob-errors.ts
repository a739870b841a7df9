/** The errno code on a thrown value (ENOSPC, ENOENT…), if it has one. */
export function errnoCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** A blob id that is not 64 lowercase hex characters: a bug or tampered input, never a path to open. */
export class InvalidShaError extends Error {
  constructor(readonly value: string) {
    super(`"${value.slice(0, 80)}" is not a library file id (expected 64 lowercase hexadecimal characters).`);
    this.name = 'InvalidShaError';
  }
}

/** The bytes on disk no longer hash to their name; the file has been moved to quarantine. */
export class BlobCorruptError extends Error {
  constructor(
    readonly sha256: string,
    readonly quarantinedAt: string | null,
  ) {
    super(
      `The library file ${sha256} is damaged on disk (its content changed since it was imported), ` +
        'so Atelier will not use it. Import the original again to repair it.',
    );
    this.name = 'BlobCorruptError';
  }
}

/** No blob with this id exists in the store. */
export class BlobNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(readonly sha256: string) {
    super(`The library file ${sha256} is missing from the data folder. Import the original again to restore it.`);
    this.name = 'BlobNotFoundError';
  }
}

const reasons: Record<string, { what: string; hint: string }> = {
  ENOSPC: { what: 'the disk is full', hint: 'Free some disk space and try again.' },
  EDQUOT: { what: 'your disk quota is used up', hint: 'Free some disk space and try again.' },
  EFBIG: {
    what: 'the file is too large for the disk it was written to',
    hint: 'Disks formatted as FAT32 take at most 4 GB per file: choose another disk.',
  },
  ENOENT: { what: 'the file no longer exists', hint: 'Check that it was not moved, renamed or deleted.' },
  EACCES: { what: 'permission was denied', hint: 'Check that Atelier may read the file and write to its data folder.' },
  EPERM: {
    what: 'the operation was not permitted',
    hint: 'Check that Atelier may read the file and write to its data folder.',
  },
  EROFS: { what: 'the data folder is on a read-only disk', hint: 'Move the data folder to a writable disk.' },
  EISDIR: { what: 'it is a folder, not a file', hint: 'Choose the files inside it instead.' },
  EIO: { what: 'the disk reported a read or write error', hint: 'Check the disk, then try again.' },
  EMFILE: { what: 'too many files are open at once', hint: 'Try again in a moment.' },
};

/**
 * Storing a file failed; `code` keeps the errno code (ENOSPC…) so the core maps it to a storage
 * error, and the message says which file and what the user can do.
 */
export class BlobWriteError extends Error {
  readonly code: string | undefined;
  readonly hint: string | undefined;
  constructor(
    readonly source: string,
    cause: unknown,
  ) {
    const code = errnoCode(cause);
    const reason = code === undefined ? undefined : reasons[code];
    const detail = reason ? reason.what : cause instanceof Error ? cause.message : String(cause);
    super(`Could not add ${source} to the library: ${detail}.${reason ? ` ${reason.hint}` : ''}`, { cause });
    this.name = 'BlobWriteError';
    this.code = code;
    this.hint = reason?.hint;
  }
}
