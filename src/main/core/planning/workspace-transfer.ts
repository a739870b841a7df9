import fs from 'node:fs/promises';
import path from 'node:path';
import type { Channel } from '../../../shared/channels';
import type { WorkspaceTransfer as TransferResult } from '../../../shared/planner';
import type { ResourceGroup } from '../../../shared/profile';
import { groupFields } from '../../../shared/records';
import { fail } from '../errors';
import { type ExportFsOps, ExportWriter } from '../fs/export-writer';
import { BlobCorruptError, BlobNotFoundError, type BlobStore } from '../library/files/blob-store';
import { detectMediaTools, type MediaTools } from '../media/media-tools';
import { parseFields, type Fields } from '../store/fields';
import { AssetSql } from '../library/library-sql';
import type { RecordStore } from '../store/record-store';
import { SYNC_ORDER, tableOf } from '../store/tables';
import { admitAssetName, admitExportFiles, checkCopy } from './workspace-files';
import {
  assertFolder,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportedRecord,
  type Manifest,
  MANIFEST,
  MEDIA,
  readManifest,
} from './workspace-manifest';

export { EXPORT_FORMAT, EXPORT_VERSION } from './workspace-manifest';

export interface TransferDeps {
  store: RecordStore;
  blobs: BlobStore;
  account(): string;
  now(): number;
  /** ffmpeg and ffprobe for the intake's decode check (default: found on this machine). */
  tools?: () => Promise<MediaTools>;
  /** The largest file a restore takes (default: the library's cap). */
  maxFileBytes?: number;
  /** How an export creates its files; tests inject a full disk here. */
  exportFs?: ExportFsOps;
  /** The channels, which are local records of their own (none are exported or restored without it). */
  channels?: { list(): Channel[]; restore(list: Channel[]): number };
}

const iso = (ms: number) => new Date(ms).toISOString();
const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );

/** The whole workspace to a folder (JSON and media) and back into an empty workspace. */
export class WorkspaceTransfer {
  private readonly assets: AssetSql;

  constructor(private readonly deps: TransferDeps) {
    this.assets = new AssetSql(deps.store.db);
  }

  async export(folder: string): Promise<TransferResult> {
    await assertFolder(folder);
    if ((await exists(path.join(folder, MANIFEST))) || (await exists(path.join(folder, MEDIA)))) {
      fail('validation', 'That folder already holds an Atelier export; nothing is ever overwritten.', {
        hint: 'Choose an empty folder.',
      });
    }
    const records = this.collect();
    const out = new ExportWriter(this.deps.exportFs);
    try {
      // Not recursive: if it appeared since the check, another export is writing there.
      await out.folder(path.join(folder, MEDIA));
      const files = await this.copyMedia(out, path.join(folder, MEDIA), records.assets ?? []);
      const manifest: Manifest = {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exported_at: iso(this.deps.now()),
        records,
        files,
        channels: this.deps.channels?.list() ?? [],
      };
      await out.write(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
      return { folder, records: Object.values(records).reduce((n, list) => n + list.length, 0), files: files.length };
    } catch (e) {
      // Only what this export wrote goes (a full disk, a damaged file): a half export would block the next attempt.
      await out.discard();
      throw e;
    }
  }

  /**
   * Each asset's file and thumbnail, verified on the way out; a damaged thumbnail is left out (it can be made again).
   */
  private async copyMedia(out: ExportWriter, media: string, assets: ExportedRecord[]): Promise<Manifest['files']> {
    const files: Manifest['files'] = [];
    const copy = async (file: string, label: string | null): Promise<boolean> => {
      if (files.some((f) => f.sha256 === file)) return true;
      try {
        files.push({ sha256: file, size: await out.write(path.join(media, file), this.deps.blobs.openVerified(file)) });
        return true;
      } catch (e) {
        // Only damage is said per file; a full disk or any other failure stops the export as it is.
        if (!(e instanceof BlobCorruptError || e instanceof BlobNotFoundError)) throw e;
        if (label === null) return false;
        fail('storage', `The file of "${label}" could not be exported: ${e.message}`, {
          hint: 'Nothing was written. Import the original file again, then export.',
        });
      }
    };
    for (const a of assets) {
      if (typeof a.fields.sha256 === 'string') await copy(a.fields.sha256, String(a.fields.name ?? a.id));
      if (a.thumb?.state === 'ready' && a.thumb.value && !(await copy(a.thumb.value, null)))
        a.thumb = { state: 'none', value: null };
    }
    return files;
  }

  async import(folder: string): Promise<TransferResult> {
    await assertFolder(folder);
    const manifest = await readManifest(folder);
    const account = this.deps.account();
    const { store, blobs } = this.deps;
    if (this.hasRecords(account)) {
      fail('conflict', 'This workspace already has records, so the backup was not restored.', {
        hint:
          'A backup restores into an empty workspace: sign in with an account that has no records yet, ' +
          'or use a new data folder.',
      });
    }
    this.checkRecords(manifest);
    // Every file through the library's intake before anything is stored.
    const tools = await (this.deps.tools ?? (() => detectMediaTools()))();
    const admit = { tools, maxBytes: this.deps.maxFileBytes };
    const files = await admitExportFiles(folder, manifest, admit);
    const added: string[] = [];
    try {
      for (const { file, name } of files) {
        const put = await blobs.putFile(path.join(folder, MEDIA, file), {
          check: (temp) => checkCopy(temp, name, admit),
        });
        if (!put.existed) added.push(put.sha256);
        if (put.sha256 !== file)
          fail(
            'validation',
            `The file media/${file} is damaged (its content does not match its name), so nothing was imported.`,
          );
      }
      let count = 0;
      store.db.transaction(() => {
        for (const group of SYNC_ORDER) {
          for (const r of manifest.records[group] ?? []) {
            this.insert(group, account, r);
            count += 1;
          }
        }
        count += this.deps.channels?.restore(manifest.channels ?? []) ?? 0;
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
      if (group === 'assets') {
        out.assets = this.assets.untrashed(account).map((row) => ({
          id: row.id,
          fields: parseFields(row.data),
          createdAt: iso(row.created_at),
          updatedAt: iso(row.updated_at),
          thumb: { state: row.thumb_state, value: row.thumb_sha256 },
        }));
        continue;
      }
      // Every live record (a negative LIMIT is none), oldest first as the assets are.
      const { items } = this.deps.store.list(group, account, { offset: 0, limit: -1, includeDeleted: false });
      const records = items.map((v): ExportedRecord => ({
        id: v.id,
        fields: v.fields,
        createdAt: v.createdAt,
        updatedAt: v.updatedAt,
      }));
      out[group] = records.sort((a, b) =>
        a.createdAt === b.createdAt ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.createdAt < b.createdAt ? -1 : 1,
      );
    }
    return out;
  }

  private hasRecords(account: string): boolean {
    return SYNC_ORDER.some(
      (g) => this.deps.store.list(g, account, { offset: 0, limit: 1, includeDeleted: false }).items.length > 0,
    );
  }

  /**
   * Every record valid, every id free, every file an asset needs listed; asset names cleaned as the intake cleans them.
   */
  private checkRecords(manifest: Manifest): void {
    const files = new Set(manifest.files.map((f) => f.sha256));
    const seen = new Set<string>();
    for (const group of SYNC_ORDER) {
      for (const r of manifest.records[group] ?? []) {
        const what = `${tableOf(group).noun} ${r.id}`;
        if (group === 'assets') admitAssetName(r);
        const parsed = groupFields[group].safeParse(r.fields);
        if (!parsed.success)
          fail(
            'validation',
            `The export's ${what} is not valid ` +
              `(${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}), ` +
              `so nothing was imported.`,
          );
        if (seen.has(r.id) || this.deps.store.get(group, r.id))
          fail('conflict', `The ${what} is already in this data folder, so the backup was not restored.`, {
            hint: 'Restore it into a new data folder.',
          });
        seen.add(r.id);
        if (group !== 'assets') continue;
        const file = r.fields.sha256;
        if (typeof file === 'string' && !files.has(file))
          fail(
            'validation',
            `The export has no media/${file} (the file of "${String(r.fields.name)}"), so nothing was imported.`,
          );
        if (r.thumb?.state === 'ready' && (!r.thumb.value || !files.has(r.thumb.value)))
          r.thumb = { state: 'none', value: null };
      }
    }
  }

  /** The record as it was, under its own id (so references hold), queued to reach the platform as new. */
  private insert(group: ResourceGroup, account: string, r: ExportedRecord): void {
    const { store } = this.deps;
    const fields: Fields = r.fields;
    const thumb = group === 'assets' ? (r.thumb ?? { state: 'none' as const, value: null }) : null;
    const columns: Record<string, string | null> = thumb ? { thumb_state: thumb.state, thumb_sha256: thumb.value } : {};
    store.insertAs(
      group,
      account,
      { id: r.id, fields, createdAt: Date.parse(r.createdAt), updatedAt: Date.parse(r.updatedAt) },
      { columns },
    );
    store.outbox.created(account, group, r.id, fields);
  }
}
