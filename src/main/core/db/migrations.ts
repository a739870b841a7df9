import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Migration {
  id: number;
  name: string;
  sql: string;
  checksum: string;
}

const FILE = /^(\d{4})_([a-z0-9_-]+)\.sql$/;

/** Read numbered migration files (0001_name.sql …); numbering must be contiguous from 1. */
export function loadMigrations(dir: string): Migration[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const migrations = files.map((file, index) => {
    const match = FILE.exec(file);
    if (!match) throw new Error(`Migration file name ${file} must look like 0001_name.sql`);
    const id = Number(match[1]);
    if (id !== index + 1) throw new Error(`Migration ${file} is out of sequence (expected number ${index + 1})`);
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const checksum = crypto.createHash('sha256').update(sql).digest('hex');
    return { id, name: match[2] ?? file, sql, checksum };
  });
  return migrations;
}
