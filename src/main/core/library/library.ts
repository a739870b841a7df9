import { MediaProvenance } from '../../../shared/media-provenance';
import { readEmbeddedProvenance } from '../ai/provenance-read';
import fs from 'node:fs';
import path from 'node:path';
import {
  ThumbReason,
  type AssetDetail,
  type AssetView,
  type ImportReport,
  type LibraryPage,
} from '../../../shared/library';
import type { AppError } from '../../../shared/errors';
import type { AssetKind } from '../../../shared/records';
import { AppException, fail, toAppError } from '../errors';
import type { Logger } from '../ports';
import { parseFields, type Fields } from '../store/fields';
import type { RecordStore } from '../store/record-store';
import { recordLabel } from '../store/labels';
import { tableOf } from '../store/tables';
import type { Workspace } from '../store/workspace';
import { errnoCode } from './files/blob-errors';
import { BlobWriteError, type BlobStore, type PutResult } from './files/blob-store';
import { intakeName } from './files/intake-name';
import { type Accepted, checkIntake, IntakeRefusal } from './files/intake';
import { describeMedia, mediaFields, type MediaDescription, type StoredPreview, storePreview } from '../media/describe';
import type { MediaTools } from '../media/media-tools';
import { isSha256 } from './files/sha256';
import { isoTime as iso } from './iso-time';
import { expandImportPaths } from './files/walk';
import { AssetSql, type AssetRow, type ResolvedQuery, type ViewRow } from './library-sql';

export interface LibraryDeps {
  store: RecordStore;
  workspace: Workspace;
  blobs: BlobStore;
  tools(): Promise<MediaTools>;
  now(): number;
  logger: Logger;
  /** Where the browser-mode host puts uploaded files (named by upload id). */
  uploadsDir: string;
  /** Whether something outside the library (an AI job) still uses a stored file, so emptying the trash keeps it. */
  otherUses?: (sha: string) => boolean;
  /** New assets arrived (imported files, saved AI results): automations listen here. */
  onImported?: (assets: { id: string; name: string; tags: string[] }[]) => void;
  /** The largest file taken (default MAX_FILE_BYTES); tests make it small. */
  maxFileBytes?: number;
  /** The damage words once the database is found damaged (a file whose write then fails says them). */
  whileDamaged?: () => AppError | null;
}

const CLOSING: AppError = {
  code: 'conflict',
  message: 'Atelier is closing, so this file was not imported.',
  hint: 'Import it again once Atelier is open.',
};

// For a placeholder, the thumbnail column holds why there is none (a set lookup: this runs for every card).
const THUMB_REASONS: ReadonlySet<string> = new Set(ThumbReason.options);
const isThumbReason = (value: string | null): value is ThumbReason => value !== null && THUMB_REASONS.has(value);
const thumbReason = (value: string | null): ThumbReason => (isThumbReason(value) ? value : 'unsupported');

/** How long a file seen on disk is taken to be there without asking the disk again. */
const FILE_SEEN_MS = 60_000;
/** The most files remembered as seen (the oldest are forgotten first). */
const FILES_SEEN_MAX = 20_000;

/** A file seen on disk, and when. */
interface SeenFile {
  sha: string;
  at: number;
}

/**
 * The number the first seven hex digits of a file id make: the key filesSeen keeps it under. Every
 * card's id is a fresh 64-character string, and hashing it for a Map cost more than the rest of the
 * card's checks; ids sharing a key just take turns (the entry names its whole id).
 */
function shaKey(sha: string): number {
  let key = 0;
  for (let i = 0; i < 7; i++) {
    const c = sha.charCodeAt(i);
    key = key * 16 + (c <= 57 ? c - 48 : c - 87);
  }
  return key;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

function onlyTexts(list: unknown[]): list is string[] {
  for (let i = 0; i < list.length; i++) if (typeof list[i] !== 'string') return false;
  return true;
}

/** The strings of a list: the list itself when it holds nothing else (it was just parsed, so no one else holds it). */
function textsOf(list: unknown[]): string[] {
  if (onlyTexts(list)) return list;
  const out: string[] = [];
  for (const item of list) if (typeof item === 'string') out.push(item);
  return out;
}

/** The record of a file the intake accepted. */
function assetFields(name: string, media: MediaDescription, sha256: string, tags: string[], notes: string): Fields {
  const { kind, mime_type, size_bytes, ...measured } = mediaFields(media);
  return { name, kind, mime_type, size_bytes, sha256, tags: [...new Set(tags)], notes, ...measured };
}

/** The thumbnail columns: the stored preview, or why there is none. */
function thumbColumns(preview: StoredPreview): Record<string, string | null> {
  return preview.state === 'ready'
    ? { thumb_state: 'ready', thumb_sha256: preview.sha256 }
    : { thumb_state: 'placeholder', thumb_sha256: preview.reason };
}

/** What the maker of a derived file (a crop, a trim) knows of it, having made it. */
export interface DerivedMedia {
  kind: 'image' | 'video';
  mime: string;
  width: number;
  height: number;
  durationMs?: number;
}

/** What addDerived records of a made file; `preview`, when the maker has one, is taken as it is. */
export interface DerivedInput {
  name: string;
  tags: string[];
  fields: Fields;
  media: DerivedMedia;
  preview?: Promise<StoredPreview>;
  signal?: AbortSignal;
}

/** Files in, assets out: import, search, tag, trash. Each asset is a record of the Assets group. */
export class Library {
  /** How many files are hashed, probed and thumbnailed at once. */
  private readonly concurrency = 2;

  /** Fired by close(): imports under way stop after the file in hand. */
  private readonly closing = new AbortController();
  private readonly running = new Set<Promise<unknown>>();

  private readonly sql: AssetSql;

  /**
   * Files seen on disk lately, and when: a page of cards asks about the same files again and again
   * (every refresh, every scroll), and one stat per card was most of a page's cost beyond the SQL.
   * Only presence is remembered; a missing file is asked about every time, so one that arrives shows
   * at once. The library forgets a file it removes; one deleted outside Atelier shows as missing
   * within FILE_SEEN_MS.
   */
  private readonly filesSeen = new Map<number, SeenFile>();

  constructor(private readonly deps: LibraryDeps) {
    this.sql = new AssetSql(deps.store.db);
  }

  /**
   * Stop imports under way and wait for them, cleanup included: the core closes (a restore swaps
   * the database) only once no import can write to it or remove a file it refers to.
   */
  async close(): Promise<void> {
    this.closing.abort(new AppException(CLOSING));
    await Promise.allSettled([...this.running]);
  }

  /** Whether a live asset keeps this stored file (as its content or its thumbnail). */
  /** Whether a live asset already has this name (any case), so a new one takes another. */
  nameTaken(name: string): boolean {
    return this.sql.nameTaken(this.account(), name);
  }

  holdsFile(sha: string): boolean {
    return this.sql.holdsFile(sha);
  }

  /** Run an import while the library is open; close() waits for it. */
  private tracked<T>(run: () => Promise<T>): Promise<T> {
    if (this.closing.signal.aborted) fail(CLOSING.code, CLOSING.message, { hint: CLOSING.hint });
    const p = run();
    this.running.add(p);
    const forget = () => this.running.delete(p);
    p.then(forget, forget);
    return p;
  }

  /** The path of a stored blob (file or thumbnail), or null for anything else. */
  blobPath(sha: string): string | null {
    if (!isSha256(sha)) return null;
    const file = this.deps.blobs.path(sha);
    return fs.existsSync(file) ? file : null;
  }

  /** Whether a stored blob is on disk (see filesSeen); kept small so the card loop inlines the common case. */
  private hasFile(sha: string, now: number): boolean {
    const seen = this.filesSeen.get(shaKey(sha));
    return (seen !== undefined && seen.sha === sha && now - seen.at < FILE_SEEN_MS) || this.lookForFile(sha, now);
  }

  /** Asks the disk (a file not seen lately, or never: one placed by another program shows at once). */
  private lookForFile(sha: string, now: number): boolean {
    const key = shaKey(sha);
    if (!isSha256(sha) || !fs.existsSync(this.deps.blobs.path(sha))) {
      this.forgetFile(sha);
      return false;
    }
    this.filesSeen.delete(key); // re-inserted last: the map stays in the order files were seen
    this.filesSeen.set(key, { sha, at: now });
    if (this.filesSeen.size > FILES_SEEN_MAX) this.filesSeen.delete(this.filesSeen.keys().next().value!);
    return true;
  }

  private forgetFile(sha: string): void {
    const key = shaKey(sha);
    if (this.filesSeen.get(key)?.sha === sha) this.filesSeen.delete(key);
  }

  private account(): string {
    return this.deps.workspace.account();
  }

  /** A card; `now` is the clock reading a whole page shares (see filesSeen). */
  toView(row: ViewRow, now: number = this.deps.now()): AssetView {
    const f = parseFields(row.data);
    const sha = typeof f.sha256 === 'string' ? f.sha256 : null;
    const thumbReady = row.thumb_state === 'ready' && row.thumb_sha256 !== null;
    const createdAt = iso(row.created_at);
    return {
      id: row.id,
      name: typeof f.name === 'string' ? f.name : '',
      kind: (typeof f.kind === 'string' ? f.kind : 'other') as AssetKind,
      mimeType: typeof f.mime_type === 'string' ? f.mime_type : null,
      sizeBytes: num(f.size_bytes),
      width: num(f.width),
      height: num(f.height),
      durationMs: num(f.duration_ms),
      tags: Array.isArray(f.tags) ? textsOf(f.tags) : [],
      notes: typeof f.notes === 'string' ? f.notes : '',
      altText: typeof f.alt_text === 'string' ? f.alt_text : '',
      sha256: sha,
      thumb: {
        state: row.thumb_state,
        sha256: thumbReady ? row.thumb_sha256 : null,
        reason: row.thumb_state === 'placeholder' ? thumbReason(row.thumb_sha256) : null,
      },
      hasFile: sha !== null && this.hasFile(sha, now),
      createdAt,
      // Most assets are never edited: the same instant need not be formatted twice.
      updatedAt: row.updated_at === row.created_at ? createdAt : iso(row.updated_at),
      trashedAt: row.trashed_at === null ? null : iso(row.trashed_at),
      syncState: row.sync_state,
    };
  }

  private row(id: string): AssetRow {
    const row = this.sql.row(id);
    if (!row || row.deleted === 1 || row.account_id !== this.account())
      fail('not_found', 'That asset does not exist (it may have been deleted).');
    return row;
  }

  query(q: ResolvedQuery): LibraryPage {
    const { rows, total } = this.sql.page(q, this.account());
    const now = this.deps.now();
    return { items: rows.map((r) => this.toView(r, now)), total };
  }

  get(id: string): AssetDetail {
    const row = this.row(id);
    const fields = parseFields(row.data);
    return {
      ...this.toView(row),
      aiText: typeof fields.ai_text === 'string' ? fields.ai_text : '',
      provenance: MediaProvenance.safeParse(fields.provenance).data ?? null,
      usage: this.usage(id),
      fields,
    };
  }

  /** Posts, creatives and queue items that use the asset. */
  usage(id: string): AssetDetail['usage'] {
    const account = this.account();
    const out: AssetDetail['usage'] = [];
    const find = (group: 'posts' | 'creatives' | 'mediaQueue', field: string) => {
      const noun = tableOf(group).noun;
      for (const r of this.deps.store.referencing(group, account, field, id))
        out.push({ group, id: r.id, label: recordLabel(noun, parseFields(r.data)) });
    };
    find('posts', 'asset_ids');
    find('creatives', 'asset_ids');
    find('mediaQueue', 'asset_id');
    return out;
  }

  tags(): { tag: string; count: number }[] {
    return this.sql.tags(this.account());
  }

  update(input: { id: string; name?: string; tags?: string[]; notes?: string; altText?: string }): AssetView {
    this.row(input.id);
    const patch: Fields = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.tags !== undefined) patch.tags = [...new Map(input.tags.map((t) => [t.toLowerCase(), t])).values()];
    if (input.notes !== undefined) patch.notes = input.notes;
    if (input.altText !== undefined) patch.alt_text = input.altText.trim();
    this.deps.store.update('assets', this.account(), input.id, patch);
    return this.toView(this.row(input.id));
  }

  /** To the trash: hidden, restorable, and deleted on the platform. */
  trash(ids: string[]): number {
    return this.eachAsset(ids, 'untrashed', (id, row, account) => {
      this.deps.store.outbox.deleted(account, 'assets', id, row.remote_id !== null);
      this.sql.setTrashed(id, this.deps.now());
    });
  }

  /** Back from the trash; the platform gets it back too (the same record if the delete was not sent yet). */
  restore(ids: string[]): number {
    const { store } = this.deps;
    return this.eachAsset(ids, 'trashed', (id, row, account) => {
      const fields = parseFields(row.data);
      const entries = store.outbox.entries(id);
      if (store.outbox.cancelDelete(id)) {
        if (row.remote_id !== null) store.outbox.updated(account, 'assets', id, fields);
        else if (!entries.some((e) => e.op === 'create')) store.outbox.created(account, 'assets', id, fields);
      } else if (entries.some((e) => e.op === 'delete')) {
        // The delete is on its way: the asset goes up again as a new record after it.
        store.outbox.created(account, 'assets', id, fields);
      } else {
        this.sql.forgetRemote(id);
        store.outbox.created(account, 'assets', id, fields);
      }
      this.sql.setUntrashed(id, this.deps.now());
    });
  }

  /**
   * `change` on each asset of `ids` that is `where` (the others are left as they are), in one transaction; how many
   * changed.
   */
  private eachAsset(
    ids: string[],
    where: 'trashed' | 'untrashed',
    change: (id: string, row: AssetRow, account: string) => void,
  ): number {
    const { store } = this.deps;
    const account = this.account();
    let count = 0;
    store.db.transaction(() => {
      for (const id of ids) {
        const row = this.row(id);
        if ((row.trashed_at !== null) !== (where === 'trashed')) continue;
        change(id, row, account);
        count++;
      }
    })();
    store.changed('assets', ids);
    return count;
  }

  /** Delete the trash for good, and the files no other asset uses. */
  async emptyTrash(): Promise<number> {
    const { store } = this.deps;
    const rows = this.sql.trashed(this.account());
    const blobs = new Set<string>();
    store.db.transaction(() => {
      for (const row of rows) {
        const sha = parseFields(row.data).sha256;
        if (typeof sha === 'string') blobs.add(sha);
        if (row.thumb_state === 'ready' && row.thumb_sha256) blobs.add(row.thumb_sha256);
        // A delete still to be sent keeps a tombstone until the platform acknowledges it.
        this.sql.drop(row.id, store.outbox.entries(row.id).length > 0);
      }
    })();
    for (const sha of blobs) {
      if (!this.holdsFile(sha) && !this.deps.otherUses?.(sha)) {
        await this.deps.blobs
          .remove(sha)
          .catch((e: unknown) => this.deps.logger.warn('could not remove a blob', { error: e }));
        this.forgetFile(sha);
      }
    }
    store.changed('assets', null);
    return rows.length;
  }

  /** Import files and folders. Each file is its own step: one bad file never stops the others. */
  async importPaths(paths: string[], names?: Map<string, string>, tags: string[] = []): Promise<ImportReport> {
    return this.tracked(async () => {
      const { files, skipped } = await expandImportPaths(paths);
      const report = await this.importFiles(
        files.map((f) => f.path),
        names,
        tags,
      );
      report.skipped.unshift(...skipped);
      return report;
    });
  }

  private async importFiles(files: string[], names?: Map<string, string>, tags: string[] = []): Promise<ImportReport> {
    const report: ImportReport = { imported: [], duplicates: [], skipped: [], failed: [] };
    const tools = await this.deps.tools();
    let next = 0;
    let stopped: string | null = null;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++];
        if (file === undefined) break;
        if (this.closing.signal.aborted) stopped ??= `${CLOSING.message} ${CLOSING.hint}`;
        if (stopped) {
          report.failed.push({ path: file, message: stopped });
          continue;
        }
        try {
          await this.importOne(file, names?.get(file) ?? path.basename(file), tools, report, tags);
        } catch (e) {
          // Refused by the intake: said in its words, and the next file goes on.
          if (e instanceof IntakeRefusal) {
            report.skipped.push({ path: file, reason: e.message });
            continue;
          }
          const { error, known } = toAppError(e, this.deps.whileDamaged?.());
          if (!known) this.deps.logger.error('import failed', { error: e });
          // The file store's own words name the file; the generic mapping does not.
          const message =
            e instanceof BlobWriteError || (e instanceof Error && errnoCode(e) === 'ENOSPC')
              ? e.message
              : error.hint
                ? `${error.message} ${error.hint}`
                : error.message;
          report.failed.push({ path: file, message });
          if (error.code === 'storage') stopped = message; // disk full: the rest would fail the same way
        }
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
    if (report.imported.length > 0) {
      this.deps.store.changed(
        'assets',
        report.imported.map((a) => a.id),
      );
      this.announce(report.imported.map((a) => ({ id: a.id, name: a.name, tags: [...new Set(tags)] })));
    }
    return report;
  }

  private async importOne(
    file: string,
    name: string,
    tools: MediaTools,
    report: ImportReport,
    tags: string[],
  ): Promise<void> {
    const { store, blobs } = this.deps;
    const { signal } = this.closing;
    // The copy is what is checked: the source may change between a check and a second read.
    let checked: Accepted | undefined;
    const put = await blobs.putFile(file, {
      signal,
      check: async (temp) => {
        checked = await checkIntake(temp, { name, tools, maxBytes: this.deps.maxFileBytes, signal });
      },
    });
    const accepted = checked;
    if (!accepted) throw new Error('the intake check did not run');
    const stored = blobs.path(put.sha256);
    const existing = this.sql.bySha(this.account(), put.sha256);
    if (existing) {
      report.duplicates.push({
        path: file,
        existingId: existing.id,
        name: String(parseFields(existing.data).name ?? accepted.name),
      });
      return;
    }
    const created: string[] = put.existed ? [] : [put.sha256];
    try {
      const media = describeMedia({ ...accepted, size: put.size });
      const preview = await storePreview(stored, media, tools, blobs);
      if (preview.state === 'ready' && preview.created) created.push(preview.sha256);
      const fields = assetFields(accepted.name, media, put.sha256, tags, '');
      // A file exported by Atelier brings back how it was made; a malformed one is ignored.
      const provenance = await readEmbeddedProvenance(stored, accepted.mime, tools);
      if (provenance) fields.provenance = provenance;
      const row = store.create('assets', this.account(), fields, { columns: thumbColumns(preview) });
      report.imported.push({ id: row.id, name: accepted.name });
    } catch (e) {
      // Nothing half-done: files written for an asset that was not recorded go again.
      for (const sha of created) await blobs.remove(sha).catch(() => {});
      throw e;
    }
  }

  /**
   * A file already in the store (an AI result) becomes an asset, probed and thumbnailed like an
   * import. When the library already has that content, the existing asset gets the tags instead.
   */
  async importBlob(
    sha: string,
    input: { name: string; tags: string[]; notes?: string; aiText?: string; provenance?: MediaProvenance },
  ): Promise<AssetView> {
    return this.tracked(() => this.importBlobNow(sha, input));
  }

  private async importBlobNow(
    sha: string,
    input: { name: string; tags: string[]; notes?: string; aiText?: string; provenance?: MediaProvenance },
  ): Promise<AssetView> {
    const { store, blobs } = this.deps;
    const file = this.blobPath(sha);
    if (!file)
      fail('not_found', 'That file is no longer in the data folder.', { hint: 'Run the job again to get it back.' });
    const tools = await this.deps.tools();
    // The same intake as an import: a damaged or unsupported result never becomes an asset.
    const accepted = await checkIntake(file, { name: input.name, tools, maxBytes: this.deps.maxFileBytes });
    const existing = this.sql.bySha(this.account(), sha);
    if (existing) {
      const fields = parseFields(existing.data);
      const had = Array.isArray(fields.tags) ? fields.tags.filter((t): t is string => typeof t === 'string') : [];
      const tags = [...new Set([...had, ...input.tags])];
      store.db.transaction(() => {
        // Saving it again takes it out of the trash the way Restore does, so the platform gets it back too.
        if (existing.trashed_at !== null) this.restore([existing.id]);
        store.update('assets', this.account(), existing.id, { tags });
      })();
      store.changed('assets', [existing.id]);
      return this.toView(this.row(existing.id));
    }
    const media = describeMedia(accepted);
    const preview = await storePreview(file, media, tools, blobs);
    const fields = assetFields(accepted.name, media, sha, input.tags, input.notes ?? '');
    if (input.aiText) fields.ai_text = input.aiText;
    if (input.provenance) fields.provenance = input.provenance;
    const row = store.create('assets', this.account(), fields, { columns: thumbColumns(preview) });
    store.changed('assets', [row.id]);
    const view = this.toView(this.row(row.id));
    this.announce([{ id: view.id, name: view.name, tags: view.tags }]);
    return view;
  }

  /**
   * A file made from another asset (a crop, a trim) becomes a new asset, stored as an import is (temp
   * file, fsync, rename, then the row), with `fields` naming its source. Its maker made it from a file
   * the intake took, so what it is comes from the maker (`media`) rather than from decoding it again;
   * its preview is the maker's (`preview`, made while the file was) or made while it is stored. A file
   * the maker wrote in the media store's temp folder is taken as it is (`move`: renamed, not copied).
   * Content the library already has is not added twice: that asset comes back, `existed`. A failure
   * or an abort (`signal`) before the row is written leaves no file behind.
   */
  async addDerived(
    from: { file: string; move?: boolean } | { data: Buffer },
    input: DerivedInput,
  ): Promise<{ asset: AssetView; existed: boolean }> {
    return this.tracked(async () => {
      const signal = input.signal ? AbortSignal.any([input.signal, this.closing.signal]) : this.closing.signal;
      const { blobs } = this.deps;
      const tools = await this.deps.tools();
      const name = intakeName(input.name);
      // A moved file is not read for a preview: it may be renamed under the reader.
      const early =
        input.preview ?? ('file' in from && !from.move ? this.previewOf(from.file, input.media, tools) : null);
      early?.catch(() => {});
      let put: PutResult;
      try {
        put =
          'data' in from
            ? await blobs.putBuffer(from.data, { signal, label: name })
            : from.move
              ? await blobs.adoptFile(from.file, { signal, label: name })
              : await blobs.putFile(from.file, { signal });
      } catch (e) {
        await this.dropPreview(early);
        throw e;
      }
      const existing = this.sql.bySha(this.account(), put.sha256);
      if (existing) {
        await this.dropPreview(early);
        if (existing.trashed_at !== null) this.restore([existing.id]);
        return { asset: this.toView(this.row(existing.id)), existed: true };
      }
      const preview = early ?? this.previewOf(blobs.path(put.sha256), input.media, tools);
      const asset = await this.recordDerived(put, name, input, preview, signal);
      this.announce([{ id: asset.id, name: asset.name, tags: asset.tags }]);
      return { asset, existed: false };
    });
  }

  /** A preview being made and stored (its failure is seen where it is awaited, not as an unhandled rejection). */
  private previewOf(file: string, media: DerivedMedia, tools: MediaTools): Promise<StoredPreview> {
    const made = storePreview(file, { kind: media.kind, durationMs: media.durationMs ?? null }, tools, this.deps.blobs);
    made.catch(() => {});
    return made;
  }

  /** A preview made for nothing goes again, unless an asset already had the same one. */
  private async dropPreview(preview: Promise<StoredPreview> | null): Promise<void> {
    const stored = await preview?.catch(() => null);
    if (stored?.state === 'ready' && stored.created && !this.holdsFile(stored.sha256))
      await this.deps.blobs.remove(stored.sha256).catch(() => {});
  }

  /** The row of a derived file just stored; on failure the files this made go again. */
  private async recordDerived(
    put: PutResult,
    name: string,
    input: { tags: string[]; fields: Fields; media: DerivedMedia },
    preview: Promise<StoredPreview>,
    signal: AbortSignal,
  ): Promise<AssetView> {
    const { store, blobs } = this.deps;
    const created: string[] = put.existed ? [] : [put.sha256];
    try {
      const thumb = await preview;
      if (thumb.state === 'ready' && thumb.created) created.push(thumb.sha256);
      signal.throwIfAborted();
      const { kind, mime, width, height, durationMs } = input.media;
      const media = { kind, mime, size: put.size, width, height, durationMs: durationMs ?? null };
      const fields = { ...assetFields(name, media, put.sha256, input.tags, ''), ...input.fields };
      const row = store.create('assets', this.account(), fields, { columns: thumbColumns(thumb) });
      store.changed('assets', [row.id]);
      return this.toView(this.row(row.id));
    } catch (e) {
      for (const sha of created) await blobs.remove(sha).catch(() => {});
      throw e;
    }
  }

  /** Listeners never break an import: their failures are logged. */
  private announce(assets: { id: string; name: string; tags: string[] }[]): void {
    try {
      this.deps.onImported?.(assets);
    } catch (e) {
      this.deps.logger.error('an import listener failed', { error: e });
    }
  }

  /** Files uploaded by the browser (browser mode), imported and then removed from the uploads folder. */
  async importUploads(uploads: { id: string; name: string }[], tags: string[] = []): Promise<ImportReport> {
    return this.tracked(() => this.importUploadsNow(uploads, tags));
  }

  private async importUploadsNow(uploads: { id: string; name: string }[], tags: string[]): Promise<ImportReport> {
    const names = new Map<string, string>();
    const paths: string[] = [];
    for (const u of uploads) {
      const file = path.join(this.deps.uploadsDir, u.id);
      if (!fs.existsSync(file)) fail('not_found', `The upload of ${u.name} was not found; upload it again.`);
      paths.push(file);
      // The name as it came; the intake keeps only its last segment.
      names.set(file, u.name);
    }
    try {
      return await this.importUploadedFiles(paths, names, tags);
    } finally {
      for (const p of paths) fs.rmSync(p, { force: true });
    }
  }

  private async importUploadedFiles(
    paths: string[],
    names: Map<string, string>,
    tags: string[],
  ): Promise<ImportReport> {
    const report = await this.importFiles(paths, names, tags);
    const rename = (p: string) => names.get(p) ?? p;
    return {
      imported: report.imported,
      duplicates: report.duplicates.map((d) => ({ ...d, path: rename(d.path) })),
      skipped: report.skipped.map((s) => ({ ...s, path: rename(s.path) })),
      failed: report.failed.map((f) => ({ ...f, path: rename(f.path) })),
    };
  }
}
