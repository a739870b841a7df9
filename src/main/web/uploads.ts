import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DISK_FULL, isDiskFull } from '../core/errors';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../core/fs/private-modes';
import { intakeWords, MAX_FILE_BYTES } from '../core/library/files/intake-words';
import type { Logger } from '../core/ports';

/** Browser mode's upload cap: the library's own, so a file is refused here in the words an import would use. */
export const DEFAULT_MAX_UPLOAD_BYTES = MAX_FILE_BYTES;
/** Uploads not imported within a day were abandoned (a closed tab, a crash): they are removed at start. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

// Only names this module writes: `<uuid>` when complete, `.<uuid>.part` while arriving.
const UPLOAD_NAME = /^\.?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.part)?$/;

class TooLarge extends Error {}
class Aborted extends Error {}

/** Opens the file an upload streams into (new, owner-only); tests inject a full disk here. */
export type OpenUploadFile = (file: string) => Writable;

export const openUploadFile: OpenUploadFile = (file) =>
  fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE });

export interface UploadOptions {
  uploadsDir: string;
  maxBytes: number;
  logger: Logger;
  open?: OpenUploadFile;
}

function json(res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  });
  res.end(JSON.stringify(body));
}

function tooLarge(res: http.ServerResponse, maxBytes: number): void {
  // Close the connection: the rest of an oversized body is not worth reading.
  json(res, 413, { error: intakeWords.tooLarge(maxBytes), maxBytes }, { Connection: 'close' });
}

/** 507 Insufficient Storage, with the words every other path uses for a full disk. */
export function diskFull(res: http.ServerResponse): void {
  json(res, 507, { error: `${DISK_FULL.message} ${DISK_FULL.hint}`, code: DISK_FULL.code }, { Connection: 'close' });
}

function fileName(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string' || header === '') return null;
  try {
    const name = decodeURIComponent(header);
    return name.length > 0 && name.length <= 1024 && !name.includes('\0') ? name : null;
  } catch {
    return null;
  }
}

/**
 * Streams a request body to `<uploadsDir>/.<uuid>.part`, then renames it to `<uuid>` so a
 * half-written file is never taken for an upload. Answers 201 `{ id }`; 413 past the cap; 507
 * when the disk is full; an aborted or failed upload leaves nothing behind. The caller has
 * checked the token.
 */
export async function receiveUpload(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  options: UploadOptions,
): Promise<void> {
  const { uploadsDir, maxBytes, logger } = options;
  const name = fileName(req.headers['x-file-name']);
  if (name === null) return json(res, 400, { error: 'The x-file-name header must be the URI-encoded file name.' });
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return tooLarge(res, maxBytes);

  await fs.promises.mkdir(uploadsDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const id = randomUUID();
  const part = path.join(uploadsDir, `.${id}.part`);
  let received = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? new TooLarge() : null, chunk);
    },
  });
  // Piped by hand rather than through pipeline(): a failure must not destroy the request's
  // socket before the 413 can be sent on it.
  const onClose = () => {
    if (!req.complete) limit.destroy(new Aborted());
  };
  req.once('close', onClose);
  req.pipe(limit);
  try {
    await pipeline(limit, (options.open ?? openUploadFile)(part));
    await fs.promises.rename(part, path.join(uploadsDir, id));
  } catch (e) {
    req.unpipe(limit);
    await fs.promises.rm(part, { force: true });
    if (e instanceof TooLarge) return tooLarge(res, maxBytes);
    if (e instanceof Aborted) {
      logger.info('upload abandoned by the page', { bytes: received });
      return;
    }
    if (isDiskFull(e)) {
      logger.warn('upload refused: the disk is full', { bytes: received });
      return diskFull(res);
    }
    throw e;
  } finally {
    req.off('close', onClose);
  }
  logger.info('upload received', { id, bytes: received });
  json(res, 201, { id });
}

/** Removes uploads (complete or partial) last written more than `maxAgeMs` ago; never fails the caller. */
export async function cleanStaleUploads(
  uploadsDir: string,
  logger: Logger,
  now = Date.now(),
  maxAgeMs = STALE_UPLOAD_MS,
): Promise<void> {
  let names: string[];
  try {
    names = await fs.promises.readdir(uploadsDir);
  } catch {
    return; // No folder yet: nothing was ever uploaded.
  }
  for (const name of names.filter((n) => UPLOAD_NAME.test(n))) {
    const file = path.join(uploadsDir, name);
    try {
      const stat = await fs.promises.lstat(file);
      if (stat.isFile() && now - stat.mtimeMs > maxAgeMs) await fs.promises.rm(file, { force: true });
    } catch (e) {
      logger.warn('could not remove a stale upload', { file: name, error: (e as Error).message });
    }
  }
}
