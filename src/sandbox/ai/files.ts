import { createHash } from 'node:crypto';
import type { Db } from '../db/open';

export interface StoredFile {
  id: string;
  sha256: string;
  mimeType: string;
  size: number;
}

/** Produced media, content-addressed per account: equal bytes get the same id and URL. */
export function createFileStore(db: Db, now: () => number) {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO files (account_id, id, mime_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const get = db.prepare('SELECT mime_type, size, data FROM files WHERE account_id = ? AND id = ?');

  return {
    put(accountId: string, data: Buffer, mimeType: string, extension: string): StoredFile {
      const sha256 = createHash('sha256').update(data).digest('hex');
      const id = `${sha256}.${extension}`;
      insert.run(accountId, id, mimeType, data.length, data, now());
      return { id, sha256, mimeType, size: data.length };
    },

    get(accountId: string, id: string): { mimeType: string; data: Buffer } | undefined {
      const row = get.get(accountId, id) as { mime_type: string; size: number; data: Buffer } | undefined;
      return row ? { mimeType: row.mime_type, data: row.data } : undefined;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

/** Path under which files are served; AI results link here. */
export const FILES_PATH = '/v2/files';
