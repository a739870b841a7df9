import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { WorkspaceTransfer as TransferResult } from '../../../shared/planner';
import { ResourceGroup } from '../../../shared/profile';
import { groupFields } from '../../../shared/records';
import { fail } from '../errors';
import type { BlobStore } from '../library/files/blob-store';
import { parseFields, type Fields } from '../store/fields';
import type { RecordRow, RecordStore } from '../store/record-store';
import { SYNC_ORDER, tableOf } from '../store/tables';

export const EXPORT_FORMAT = 'atelier-workspace';
export const EXPORT_VERSION = 1;
const MANIFEST = 'workspace.json';
const MEDIA = 'media';

const sha = z.string().regex(/^[a-f0-9]{64}$/);
const ExportedRecord = z.object({
  id: z.string().min(1).max(200),
  fields: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Assets only: the thumbnail (its file, or why there is none), which is local and never synced. */
  thumb: z.object({ state: z.enum(['none', 'ready', 'placeholder', 'missing']), value: z.string().max(200).nullable() }).optional(),
});
type ExportedRecord = z.infer<typeof ExportedRecord>;

/** workspace.json: every record of the account by group, with its local id, and the media files beside it. */
const Manifest = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.int().min(1),
  exported_at: z.string(),
  records: z.partialRecord(ResourceGroup, z.array(ExportedRecord)),
  files: z.array(z.object({ sha256: sha, size: z.int().min(0) })),
});
type Manifest = z.infer<typeof Manifest>;

interface AssetRow extends RecordRow {
  trashed_at: number | null;
  thumb_state: 'none' | 'ready' | 'placeholder' | 'missing';
  thumb_sha256: string | null;
}

export interface TransferDeps {
  store: RecordStore;
  blobs: BlobStore;
  account(): string;
  now(): number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const exists = (p: string) => fs.access(p).then(() => true, () => false);

/** The whole workspace to a folder (JSON and media) and back into an empty workspace. */
export class WorkspaceTransfer {
  constructor(private readonly deps: TransferDeps) {}

  async export(folder: string): Promise<TransferResult> {
    await assertFolder(folder);
    if ((await exists(path.join(folder, MANIFEST))) || (await exists(path.join(folder, MEDIA)))) {
      fail('validation', 'That folder already holds an Atelier export; nothing is ever overwritten.', { hint: 'Choose an empty folder.' });
    }
    const records = this.collect();
    const assets = records.assets ?? [];
    const media = path.join(folder, MEDIA);
    const written: string[] = [];
    // Not recursive: if it appeared since the check, another export is writing there.
    await fs.mkdir(media);
    try {
      const files: Manifest['files'] = [];
      const copy = async (file: string, label: string) => {
        if (written.includes(file)) return true;
        const target = path.join(media, file);
        try {
          await pipeline(this.deps.blobs.openVerified(file), createWriteStream(target, { flags: 'wx' }));
        } catch (e) {
          await fs.rm(target, { force: true });
          if (label === '') return false;
          fail('storage', `The file of "${label}" could not be exported: ${e instanceof Error ? e.message : String(e)}`, { hint: 'Nothing was written. Import the original file again, then export.' });
        }
        written.push(file);
        files.push({ sha256: file, size: (await fs.stat(target)).size });
        return true;
      };
      for (const a of assets) {
        if (typeof a.fields.sha256 === 'string') await copy(a.fields.sha256, String(a.fields.name ?? a.id));
        // A thumbnail can be made again: a damaged one is left out rather than stopping the backup.
        if (a.thumb?.state === 'ready' && a.thumb.value && !(await copy(a.thumb.value, ''))) a.thumb = { state: 'none', value: null };
      }
      const manifest: Manifest = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: iso(this.deps.now()), records, files };
      await fs.writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`, { flag: 'wx' });
      return { folder, records: Object.values(records).reduce((n, list) => n + list.length, 0), files: files.length };
    } catch (e) {
      // Only what this export wrote goes: a half export would block the next attempt.
      await fs.rm(media, { recursive: true, force: true });
      throw e;
    }
  }

  async import(folder: string): Promise<TransferResult> {
    await assertFolder(folder);
    const manifest = await readManifest(folder);
    const account = this.deps.account();
    const { store, blobs } = this.deps;
    if (this.hasRecords(account)) {
      fail('conflict', 'This workspace already has records, so the backup was not restored.', {
        hint: 'A backup restores into an empty workspace: sign in with an account that has no records yet, or use a new data folder.',
      });
    }
    const files = this.checkRecords(manifest);
    const added: string[] = [];
    try {
      for (const file of files) {
        const source = path.join(folder, MEDIA, file);
        if (!(await exists(source))) fail('validation', `The export has no media/${file}, so nothing was imported.`);
        const put = await blobs.putFile(source);
        if (!put.existed) added.push(put.sha256);
        if (put.sha256 !== file) fail('validation', `The file media/${file} is damaged (its content does not match its name), so nothing was imported.`);
      }
      let count = 0;
      store.db.transaction(() => {
        for (const group of SYNC_ORDER) {
          for (const r of manifest.records[group] ?? []) {
            this.insert(group, account, r);
            count += 1;
          }
        }
      })();
      for (const group of SYNC_ORDER) if ((manifest.records[group] ?? []).length > 0) store.changed(group, null);
      return { folder, records: count, files: files.length };
    } catch (e) {
      for (const s of added) await blobs.remove(s).catch(() => false);
      throw e;
    }
  }

  /** Live records of the account by group (trashed assets stay out: they are being deleted). */
  private collect(): Manifest['records'] {
    const account = this.deps.account();
    const out: Manifest['records'] = {};
    for (const group of SYNC_ORDER) {
      const trash = group === 'assets' ? ' AND trashed_at IS NULL' : '';
      const rows = this.deps.store.stmt(`SELECT * FROM ${tableOf(group).table} WHERE account_id = ? AND deleted = 0${trash} ORDER BY created_at, id`).all(account) as AssetRow[];
      out[group] = rows.map((row) => {
        const r: ExportedRecord = { id: row.id, fields: parseFields(row.data), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
        if (group === 'assets') r.thumb = { state: row.thumb_state, value: row.thumb_sha256 };
        return r;
      });
    }
    return out;
  }

  private hasRecords(account: string): boolean {
    return SYNC_ORDER.some((g) => this.deps.store.stmt(`SELECT 1 FROM ${tableOf(g).table} WHERE account_id = ? AND deleted = 0 LIMIT 1`).get(account) !== undefined);
  }

  /** Every record valid, every id free, every file an asset needs present; returns the files to import. */
  private checkRecords(manifest: Manifest): string[] {
    const files = new Set(manifest.files.map((f) => f.sha256));
    const seen = new Set<string>();
    for (const group of SYNC_ORDER) {
      for (const r of manifest.records[group] ?? []) {
        const what = `${tableOf(group).noun} ${r.id}`;
        const parsed = groupFields[group].safeParse(r.fields);
        if (!parsed.success) fail('validation', `The export's ${what} is not valid (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}), so nothing was imported.`);
        if (seen.has(r.id) || this.deps.store.get(group, r.id)) fail('conflict', `The ${what} is already in this data folder, so the backup was not restored.`, { hint: 'Restore it into a new data folder.' });
        seen.add(r.id);
        if (group !== 'assets') continue;
        const file = r.fields.sha256;
        if (typeof file === 'string' && !files.has(file)) fail('validation', `The export has no media/${file} (the file of "${String(r.fields.name)}"), so nothing was imported.`);
        if (r.thumb?.state === 'ready' && (!r.thumb.value || !files.has(r.thumb.value))) r.thumb = { state: 'none', value: null };
      }
    }
    return [...files];
  }

  /** The record as it was, under its own id (so references hold), queued to reach the platform as new. */
  private insert(group: ResourceGroup, account: string, r: ExportedRecord): void {
    const { store } = this.deps;
    const fields: Fields = r.fields;
    const thumb = group === 'assets' ? (r.thumb ?? { state: 'none' as const, value: null }) : null;
    store
      .stmt(
        thumb
          ? `INSERT INTO assets (id, account_id, data, created_at, updated_at, sync_state, thumb_state, thumb_sha256) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`
          : `INSERT INTO ${tableOf(group).table} (id, account_id, data, created_at, updated_at, sync_state) VALUES (?, ?, ?, ?, ?, 'pending')`,
      )
      .run(r.id, account, JSON.stringify(fields), Date.parse(r.createdAt), Date.parse(r.updatedAt), ...(thumb ? [thumb.state, thumb.value] : []));
    store.outbox.created(account, group, r.id, fields);
  }
}

async function assertFolder(folder: string): Promise<void> {
  if (!path.isAbsolute(folder)) fail('validation', 'Give the folder by its full path.', { issues: [{ path: 'folder', message: 'A full path is required.' }] });
  const stat = await fs.stat(folder).catch(() => null);
  if (!stat) fail('not_found', `The folder ${folder} does not exist.`, { hint: 'Create it or choose another one.' });
  if (!stat.isDirectory()) fail('validation', `${folder} is not a folder.`);
}

async function readManifest(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(folder, MANIFEST), 'utf8');
  } catch {
    fail('not_found', `There is no ${MANIFEST} in ${folder}.`, { hint: 'Choose the folder an Atelier export wrote.' });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail('validation', `${MANIFEST} is not valid JSON; the export is damaged.`);
  }
  const head = z.object({ format: z.string(), version: z.number() }).safeParse(json);
  if (!head.success || head.data.format !== EXPORT_FORMAT) fail('validation', `${MANIFEST} is not an Atelier workspace export.`);
  if (head.data.version > EXPORT_VERSION) fail('validation', `This export was made by a newer Atelier (format ${head.data.version}).`, { hint: 'Update Atelier, then restore it.' });
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) fail('validation', `${MANIFEST} is damaged: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`);
  return parsed.data;
}
