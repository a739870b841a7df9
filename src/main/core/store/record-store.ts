import type { ResourceGroup } from '../../../shared/profile';
import { defaultRecordsFormat } from '../../../shared/profile';
import { groupFields, type RecordView, type SyncState } from '../../../shared/records';
import type Database from 'better-sqlite3';
import type { Db } from '../db/open';

type Statement = Database.Statement<unknown[], unknown>;
import { fail, issuesOf } from '../errors';
import { newId } from './ids';
import { applyPatch, parseFields, sameJson, type Fields } from './fields';
import { Outbox } from './outbox';
import { tableOf } from './tables';

export interface RecordRow {
  id: string;
  account_id: string;
  remote_id: string | null;
  remote_version: number | null;
  data: string;
  base: string | null;
  created_at: number;
  updated_at: number;
  deleted: 0 | 1;
  sync_state: SyncState;
  conflict: string | null;
}

/** The columns of a record that say where it stands with the platform. */
export type RemoteRef = Pick<RecordRow, 'remote_id' | 'remote_version' | 'deleted'>;

interface ViewRow extends RecordRow {
  pending: number;
  failed: string | null;
}

export interface CreateOptions {
  /** Extra local-only columns of the table (the library's thumbnail state…). */
  columns?: Record<string, string | number | null>;
}

/** Fields the platform owns: a screen may not set them. */
const RESERVED = new Set(defaultRecordsFormat.serverFields);

const iso = (ms: number) => new Date(ms).toISOString();

export function validateFields(group: ResourceGroup, fields: Fields): Fields {
  const reserved = Object.keys(fields).filter((k) => RESERVED.has(k));
  if (reserved.length > 0) {
    fail('validation', `${reserved.join(', ')} ${reserved.length === 1 ? 'is' : 'are'} set by the platform, not by Atelier.`, {
      issues: reserved.map((path) => ({ path, message: 'set by the platform' })),
    });
  }
  const parsed = groupFields[group].safeParse(fields);
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    fail('validation', `This ${tableOf(group).noun} is not valid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}.`, { issues });
  }
  return parsed.data as Fields;
}

/**
 * Local records of every group. Each change is written with its outbox entry in one transaction,
 * so a crash keeps both or neither.
 */
export class RecordStore {
  readonly outbox: Outbox;
  private readonly sql = new Map<string, Statement>();

  constructor(
    readonly db: Db,
    private readonly now: () => number,
    private readonly onChange: (group: ResourceGroup, ids: string[] | null) => void = () => {},
  ) {
    this.outbox = new Outbox(db, now);
  }

  /** Statements are prepared once per text: preparing costs more than the small reads themselves. */
  stmt(text: string): Statement {
    let s = this.sql.get(text);
    if (!s) {
      s = this.db.prepare(text);
      this.sql.set(text, s);
    }
    return s;
  }

  changed(group: ResourceGroup, ids: string[] | null): void {
    this.onChange(group, ids);
  }

  get(group: ResourceGroup, id: string): RecordRow | undefined {
    return this.stmt(`SELECT * FROM ${tableOf(group).table} WHERE id = ?`).get(id) as RecordRow | undefined;
  }

  /**
   * What sending a change needs of its record: the platform's id and version (and that the record
   * exists). Reads only those columns: the whole row carries its JSON and the generated columns.
   */
  remoteRef(group: ResourceGroup, id: string): RemoteRef | undefined {
    return this.stmt(`SELECT remote_id, remote_version, deleted FROM ${tableOf(group).table} WHERE id = ?`).get(id) as RemoteRef | undefined;
  }

  /** The local id and known version of the record a platform id names, without the rest of the row. */
  knownVersion(group: ResourceGroup, account: string, remoteId: string): { id: string; remote_version: number | null } | undefined {
    return this.stmt(`SELECT id, remote_version FROM ${tableOf(group).table} WHERE account_id = ? AND remote_id = ?`).get(account, remoteId) as
      | { id: string; remote_version: number | null }
      | undefined;
  }

  byRemoteId(group: ResourceGroup, account: string, remoteId: string): RecordRow | undefined {
    return this.stmt(`SELECT * FROM ${tableOf(group).table} WHERE account_id = ? AND remote_id = ?`).get(account, remoteId) as RecordRow | undefined;
  }

  /** A live record of this account, or a not_found error naming it. */
  live(group: ResourceGroup, account: string, id: string): RecordRow {
    const row = this.get(group, id);
    if (!row || row.deleted === 1 || row.account_id !== account) fail('not_found', `That ${tableOf(group).noun} does not exist (it may have been deleted).`);
    return row;
  }

  view(group: ResourceGroup, id: string): RecordView {
    const row = this.stmt(
      `SELECT t.*, (SELECT count(*) FROM outbox o WHERE o.record_id = t.id) AS pending,
              (SELECT last_error FROM outbox o WHERE o.record_id = t.id AND o.state = 'failed' LIMIT 1) AS failed
       FROM ${tableOf(group).table} t WHERE t.id = ?`,
    ).get(id) as ViewRow | undefined;
    if (!row) fail('not_found', `That ${tableOf(group).noun} does not exist.`);
    return toView(group, row);
  }

  list(group: ResourceGroup, account: string, opts: { offset: number; limit: number; includeDeleted: boolean }): { items: RecordView[]; total: number } {
    const t = tableOf(group).table;
    const where = `account_id = ?${opts.includeDeleted ? '' : ' AND deleted = 0'}`;
    const total = (this.stmt(`SELECT count(*) AS n FROM ${t} WHERE ${where}`).get(account) as { n: number }).n;
    const rows = this.stmt(
      `SELECT t.*, (SELECT count(*) FROM outbox o WHERE o.record_id = t.id) AS pending,
              (SELECT last_error FROM outbox o WHERE o.record_id = t.id AND o.state = 'failed' LIMIT 1) AS failed
       FROM ${t} t WHERE ${where} ORDER BY updated_at DESC, id LIMIT ? OFFSET ?`,
    ).all(account, opts.limit, opts.offset) as ViewRow[];
    return { items: rows.map((r) => toView(group, r)), total };
  }

  create(group: ResourceGroup, account: string, fields: Fields, opts: CreateOptions = {}): RecordRow {
    const clean = validateFields(group, fields);
    const id = newId();
    const now = this.now();
    const extra = Object.entries(opts.columns ?? {});
    const columns = ['id', 'account_id', 'data', 'created_at', 'updated_at', 'sync_state', ...extra.map(([k]) => k)];
    this.db.transaction(() => {
      this.stmt(`INSERT INTO ${tableOf(group).table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
        id,
        account,
        JSON.stringify(clean),
        now,
        now,
        'pending',
        ...extra.map(([, v]) => v),
      );
      this.outbox.created(account, group, id, clean);
    })();
    this.onChange(group, [id]);
    return this.get(group, id) as RecordRow;
  }

  /** Merge patch on a live record; only fields that really changed are queued. */
  update(group: ResourceGroup, account: string, id: string, patch: Fields): RecordRow {
    this.db.transaction(() => {
      const row = this.live(group, account, id);
      const current = parseFields(row.data);
      const next = validateFields(group, applyPatch(current, patch));
      const effective: Fields = {};
      for (const [k, v] of Object.entries(patch)) {
        const before = current[k];
        if (v === null ? before !== undefined : !sameJson(before, next[k])) effective[k] = v === null ? null : next[k];
      }
      if (Object.keys(effective).length === 0) return;
      this.stmt(
        `UPDATE ${tableOf(group).table} SET data = ?, updated_at = ?, sync_state = CASE sync_state WHEN 'conflict' THEN 'conflict' ELSE 'pending' END WHERE id = ?`,
      ).run(JSON.stringify(next), this.now(), id);
      this.outbox.updated(account, group, id, effective);
    })();
    this.onChange(group, [id]);
    return this.get(group, id) as RecordRow;
  }

  /** Live records of the account whose `field` (one id or a list of ids) holds `id`, latest first. */
  referencing(group: ResourceGroup, account: string, field: string, id: string, limit = 100): { id: string; data: string }[] {
    const sql = `SELECT id, data FROM ${tableOf(group).table}
      WHERE account_id = ? AND deleted = 0 AND EXISTS (SELECT 1 FROM json_each(data, ?) WHERE value = ?) ORDER BY updated_at DESC LIMIT ?`;
    return this.db.prepare<[string, string, string, number], { id: string; data: string }>(sql).all(account, `$.${field}`, id, limit);
  }

  /**
   * A record brought from elsewhere (a workspace import) under its own id and times, as not yet
   * sent. Only the row: the caller queues its change in the same transaction.
   */
  insertAs(group: ResourceGroup, account: string, r: { id: string; fields: Fields; createdAt: number; updatedAt: number }, opts: CreateOptions = {}): void {
    const extra = Object.entries(opts.columns ?? {});
    const columns = ['id', 'account_id', 'data', 'created_at', 'updated_at', 'sync_state', ...extra.map(([k]) => k)];
    this.stmt(`INSERT INTO ${tableOf(group).table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
      r.id,
      account,
      JSON.stringify(r.fields),
      r.createdAt,
      r.updatedAt,
      'pending',
      ...extra.map(([, v]) => v),
    );
  }

  /** Delete: a tombstone while the platform must hear of it; gone at once when it never knew the record. */
  remove(group: ResourceGroup, account: string, id: string): void {
    this.db.transaction(() => {
      const row = this.live(group, account, id);
      const tell = this.outbox.deleted(account, group, id, row.remote_id !== null);
      if (tell) {
        this.stmt(`UPDATE ${tableOf(group).table} SET deleted = 1, updated_at = ?, sync_state = CASE sync_state WHEN 'conflict' THEN 'conflict' ELSE 'pending' END WHERE id = ?`).run(this.now(), id);
      } else {
        this.stmt(`DELETE FROM ${tableOf(group).table} WHERE id = ?`).run(id);
      }
    })();
    this.onChange(group, [id]);
  }
}

/** Live records of a group in a database (a backup copy, say): the text, for a worker that cannot import this module. */
export const liveRecordsSql = (group: ResourceGroup): string => `SELECT count(*) FROM ${tableOf(group).table} WHERE deleted = 0`;

/** Live records of a group in a database (a backup copy, say); throws when it has no such table. */
export function countLiveRecords(db: Db, group: ResourceGroup): number {
  return Number(db.prepare<[], number>(liveRecordsSql(group)).pluck().get() ?? 0);
}

export function toView(group: ResourceGroup, row: RecordRow & { pending?: number; failed?: string | null }): RecordView {
  return {
    id: row.id,
    group,
    remoteId: row.remote_id,
    version: row.remote_version,
    fields: parseFields(row.data),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    deleted: row.deleted === 1,
    syncState: row.sync_state,
    pending: row.pending ?? 0,
    failed: row.failed ?? null,
  };
}
