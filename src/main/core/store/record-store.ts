import { z } from 'zod';
import type { ResourceGroup } from '../../../shared/profile';
import { defaultRecordsFormat } from '../../../shared/profile';
import { groupFields, type RecordView, type SyncState } from '../../../shared/records';
import type Database from 'better-sqlite3';
import type { Db } from '../db/open';
import { Statements } from '../db/statements';
import { fail, issuesOf } from '../errors';
import { newId } from './ids';
import { applyPatch, parseFields, sameJson, type Fields } from './fields';
import { failedMessageSql, noEntrySql, Outbox, pendingCountSql } from './outbox';
import { GROUP_TABLES, tableOf } from './tables';

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

/** Columns sync may set on a record (names checked by the type: they go into the SQL text). */
export type SyncColumns = Partial<
  Pick<
    RecordRow,
    'data' | 'base' | 'remote_id' | 'remote_version' | 'deleted' | 'sync_state' | 'conflict' | 'updated_at'
  >
>;

/** The platform's answer to a change: its id for the record, and the version it now has. */
export interface AckAnswer {
  remoteId: string;
  version: number | null;
}

/** The statements of an acknowledgement for one table. */
interface AckSql {
  settle: Database.Statement<[string, string]>;
  /** A create's answer: the platform's id and version, then settle. */
  created: Database.Statement<[string, number | null, string, string, string]>;
  /** An update's or delete's answer with a version, then settle. */
  versioned: Database.Statement<[number, string, string, string]>;
  /** Many acknowledgements at once: a JSON list of [id, remote id, version, kind] (see ACK_KIND). */
  many: Database.Statement<[string]>;
}

/** What an acknowledgement writes: the create's id and version, an answer's version, or only settling. */
const ACK_KIND = { settle: 0, created: 1, versioned: 2 } as const;

/** One acknowledgement of a batch: the record, the change's kind, and the platform's answer. */
export interface AckOfRecord {
  id: string;
  op: 'create' | 'update' | 'delete';
  answer: AckAnswer | null;
}

function ackKind(op: AckOfRecord['op'], answer: AckAnswer | null): number {
  if (answer && op === 'create') return ACK_KIND.created;
  return answer && answer.version !== null ? ACK_KIND.versioned : ACK_KIND.settle;
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
    fail(
      'validation',
      `${reserved.join(', ')} ${reserved.length === 1 ? 'is' : 'are'} set by the platform, not by Atelier.`,
      {
        issues: reserved.map((path) => ({ path, message: 'set by the platform' })),
      },
    );
  }
  const parsed = groupFields[group].safeParse(fields);
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    fail(
      'validation',
      `This ${tableOf(group).noun} is not valid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}.`,
      { issues },
    );
  }
  return parsed.data as Fields;
}

/**
 * Local records of every group. Each change is written with its outbox entry in one transaction,
 * so a crash keeps both or neither.
 */
export class RecordStore {
  readonly outbox: Outbox;
  private readonly s: Statements;
  private readonly ackSqls = new Map<ResourceGroup, AckSql>();

  constructor(
    readonly db: Db,
    private readonly now: () => number,
    private readonly onChange: (group: ResourceGroup, ids: string[] | null) => void = () => {},
  ) {
    this.outbox = new Outbox(db, now);
    this.s = new Statements(db);
  }

  changed(group: ResourceGroup, ids: string[] | null): void {
    this.onChange(group, ids);
  }

  private t(group: ResourceGroup): string {
    return tableOf(group).table;
  }

  get(group: ResourceGroup, id: string): RecordRow | undefined {
    return this.s.sql<[string], RecordRow>(`SELECT * FROM ${this.t(group)} WHERE id = ?`).get(id);
  }

  /**
   * What sending a change needs of its record: the platform's id and version (and that the record
   * exists). Reads only those columns: the whole row carries its JSON and the generated columns.
   */
  remoteRef(group: ResourceGroup, id: string): RemoteRef | undefined {
    return this.s
      .sql<[string], RemoteRef>(`SELECT remote_id, remote_version, deleted FROM ${this.t(group)} WHERE id = ?`)
      .get(id);
  }

  /** `remoteRef` of many records of one group in one read (a drain freezes a thousand entries at once). */
  remoteRefs(group: ResourceGroup, ids: readonly string[]): Map<string, RemoteRef> {
    const rows = this.s
      .sql<[string], RemoteRef & { id: string }>(
        `SELECT id, remote_id, remote_version, deleted FROM ${this.t(group)} ` +
          'WHERE id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify(ids));
    return new Map(rows.map(({ id, ...ref }) => [id, ref]));
  }

  /** The local id and known version of the record a platform id names, without the rest of the row. */
  knownVersion(
    group: ResourceGroup,
    account: string,
    remoteId: string,
  ): { id: string; remote_version: number | null } | undefined {
    return this.s
      .sql<[string, string], { id: string; remote_version: number | null }>(
        `SELECT id, remote_version FROM ${this.t(group)} WHERE account_id = ? AND remote_id = ?`,
      )
      .get(account, remoteId);
  }

  /** `knownVersion` of many platform ids in one read (a pull applies its feed a chunk at a time), by platform id. */
  knownVersions(
    group: ResourceGroup,
    account: string,
    remoteIds: readonly string[],
  ): Map<string, { id: string; remote_version: number | null }> {
    const rows = this.s
      .sql<[string, string], { remote_id: string; id: string; remote_version: number | null }>(
        `SELECT remote_id, id, remote_version FROM ${this.t(group)} ` +
          'WHERE account_id = ? AND remote_id IN (SELECT value FROM json_each(?))',
      )
      .all(account, JSON.stringify(remoteIds));
    return new Map(rows.map((r) => [r.remote_id, { id: r.id, remote_version: r.remote_version }]));
  }

  byRemoteId(group: ResourceGroup, account: string, remoteId: string): RecordRow | undefined {
    return this.s
      .sql<[string, string], RecordRow>(`SELECT * FROM ${this.t(group)} WHERE account_id = ? AND remote_id = ?`)
      .get(account, remoteId);
  }

  /** A live record of this account, or a not_found error naming it. */
  live(group: ResourceGroup, account: string, id: string): RecordRow {
    const row = this.get(group, id);
    if (!row || row.deleted === 1 || row.account_id !== account)
      fail('not_found', `That ${tableOf(group).noun} does not exist (it may have been deleted).`);
    return row;
  }

  view(group: ResourceGroup, id: string): RecordView {
    const row = this.s
      .sql<[string], ViewRow>(
        `SELECT t.*, ${pendingCountSql('t.id')} AS pending, ${failedMessageSql('t.id')} AS failed ` +
          `FROM ${this.t(group)} t WHERE t.id = ?`,
      )
      .get(id);
    if (!row) fail('not_found', `That ${tableOf(group).noun} does not exist.`);
    return toView(group, row);
  }

  list(
    group: ResourceGroup,
    account: string,
    opts: { offset: number; limit: number; includeDeleted: boolean },
  ): { items: RecordView[]; total: number } {
    const t = this.t(group);
    const where = `account_id = ?${opts.includeDeleted ? '' : ' AND deleted = 0'}`;
    const total =
      this.s.sql<[string], { n: number }>(`SELECT count(*) AS n FROM ${t} WHERE ${where}`).get(account)?.n ?? 0;
    const rows = this.s
      .sql<[string, number, number], ViewRow>(
        `SELECT t.*, ${pendingCountSql('t.id')} AS pending, ${failedMessageSql('t.id')} AS failed
         FROM ${t} t WHERE ${where} ORDER BY updated_at DESC, id LIMIT ? OFFSET ?`,
      )
      .all(account, opts.limit, opts.offset);
    return { items: rows.map((r) => toView(group, r)), total };
  }

  /** Live records of the account the platform knows (what a pull's deletions are weighed against). */
  countKnownRemotely(group: ResourceGroup, account: string): number {
    return (
      this.s
        .sql<[string], { n: number }>(
          `SELECT count(*) AS n FROM ${this.t(group)} WHERE account_id = ? AND deleted = 0 AND remote_id IS NOT NULL`,
        )
        .get(account)?.n ?? 0
    );
  }

  /** Records of the account in conflict. */
  countConflicts(group: ResourceGroup, account: string): number {
    return (
      this.s
        .sql<[string], { n: number }>(
          `SELECT count(*) AS n FROM ${this.t(group)} WHERE account_id = ? AND sync_state = 'conflict'`,
        )
        .get(account)?.n ?? 0
    );
  }

  /** Records of the account in conflict, most recently changed first. */
  conflicts(group: ResourceGroup, account: string): RecordRow[] {
    return this.s
      .sql<[string], RecordRow>(
        `SELECT * FROM ${this.t(group)} WHERE account_id = ? AND sync_state = 'conflict' ORDER BY updated_at DESC`,
      )
      .all(account);
  }

  create(group: ResourceGroup, account: string, fields: Fields, opts: CreateOptions = {}): RecordRow {
    const clean = validateFields(group, fields);
    const id = newId();
    const now = this.now();
    const extra = Object.entries(opts.columns ?? {});
    const columns = ['id', 'account_id', 'data', 'created_at', 'updated_at', 'sync_state', ...extra.map(([k]) => k)];
    this.db.transaction(() => {
      this.s
        .sql<unknown[]>(
          `INSERT INTO ${this.t(group)} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        )
        .run(id, account, JSON.stringify(clean), now, now, 'pending', ...extra.map(([, v]) => v));
      this.outbox.created(account, group, id, clean);
    })();
    this.onChange(group, [id]);
    return this.written(group, id);
  }

  /** A row just written in this call (a read after the write: it is there). */
  private written(group: ResourceGroup, id: string): RecordRow {
    const row = this.get(group, id);
    if (!row) fail('not_found', `That ${tableOf(group).noun} does not exist (it may have been deleted).`);
    return row;
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
      this.s
        .sql<[string, number, string]>(
          `UPDATE ${this.t(group)} SET data = ?, updated_at = ?, sync_state = CASE sync_state WHEN 'conflict' ` +
            `THEN 'conflict' ELSE 'pending' END WHERE id = ?`,
        )
        .run(JSON.stringify(next), this.now(), id);
      this.outbox.updated(account, group, id, effective);
    })();
    this.onChange(group, [id]);
    return this.written(group, id);
  }

  /** Live records of the account whose `field` (one id or a list of ids) holds `id`, latest first. */
  referencing(
    group: ResourceGroup,
    account: string,
    field: string,
    id: string,
    limit = 100,
  ): { id: string; data: string }[] {
    const sql = `SELECT id, data FROM ${tableOf(group).table}
      WHERE account_id = ? AND deleted = 0 AND EXISTS (SELECT 1 FROM json_each(data, ?) WHERE value = ?)
      ORDER BY updated_at DESC LIMIT ?`;
    return this.db
      .prepare<[string, string, string, number], { id: string; data: string }>(sql)
      .all(account, `$.${field}`, id, limit);
  }

  /**
   * A record brought from elsewhere (a workspace import) under its own id and times, as not yet
   * sent. Only the row: the caller queues its change in the same transaction.
   */
  insertAs(
    group: ResourceGroup,
    account: string,
    r: { id: string; fields: Fields; createdAt: number; updatedAt: number },
    opts: CreateOptions = {},
  ): void {
    const extra = Object.entries(opts.columns ?? {});
    const columns = ['id', 'account_id', 'data', 'created_at', 'updated_at', 'sync_state', ...extra.map(([k]) => k)];
    this.s
      .sql<unknown[]>(
        `INSERT INTO ${tableOf(group).table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      )
      .run(r.id, account, JSON.stringify(r.fields), r.createdAt, r.updatedAt, 'pending', ...extra.map(([, v]) => v));
  }

  /** Delete: a tombstone while the platform must hear of it; gone at once when it never knew the record. */
  remove(group: ResourceGroup, account: string, id: string): void {
    this.db.transaction(() => {
      const row = this.live(group, account, id);
      const tell = this.outbox.deleted(account, group, id, row.remote_id !== null);
      if (tell) {
        this.s
          .sql<[number, string]>(
            `UPDATE ${this.t(group)} SET deleted = 1, updated_at = ?, sync_state = CASE sync_state WHEN 'conflict' ` +
              `THEN 'conflict' ELSE 'pending' END WHERE id = ?`,
          )
          .run(this.now(), id);
      } else {
        this.erase(group, id);
      }
    })();
    this.onChange(group, [id]);
  }

  // --- what sync writes on records (each inside the caller's transaction) ---

  /** The row goes for good (sync's discard of a create the platform never had). */
  erase(group: ResourceGroup, id: string): void {
    this.s.sql<[string]>(`DELETE FROM ${this.t(group)} WHERE id = ?`).run(id);
  }

  /** Set these columns of the record (no outbox entry: sync writes what the platform said or the user chose). */
  setColumns(group: ResourceGroup, id: string, set: SyncColumns): void {
    const entries = Object.entries(set).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    const assignments = entries.map(([k]) => `${k} = ?`).join(', ');
    this.s
      .sql<unknown[]>(`UPDATE ${this.t(group)} SET ${assignments} WHERE id = ?`)
      .run(...entries.map(([, v]) => v), id);
  }

  /** A record first seen in the platform's feed, in step with it. */
  insertSynced(group: ResourceGroup, account: string, remoteId: string, version: number | null, data: string): void {
    const now = this.now();
    this.s
      .sql<[string, string, string, number | null, string, string, number, number]>(
        `INSERT INTO ${this.t(group)}
           (id, account_id, remote_id, remote_version, data, base, created_at, updated_at, sync_state)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'synced')`,
      )
      .run(newId(), account, remoteId, version, data, data, now, now);
  }

  /**
   * After an acknowledgement (its entry already gone): the record takes the platform's id and
   * version, and once no entry of it is left it is in step with the platform (never while in conflict).
   */
  acknowledged(group: ResourceGroup, id: string, op: 'create' | 'update' | 'delete', answer: AckAnswer | null): void {
    const sql = this.ackSql(group);
    const kind = ackKind(op, answer);
    if (answer && kind === ACK_KIND.created) sql.created.run(answer.remoteId, answer.version, id, id, id);
    else if (answer && kind === ACK_KIND.versioned) sql.versioned.run(answer.version ?? 0, id, id, id);
    else sql.settle.run(id, id);
  }

  /**
   * Many acknowledgements of one group (their entries already gone), as `acknowledged` does each,
   * in one statement: a drain acknowledges thousands, and a statement per record cost more than
   * the rows it writes. A record acknowledged twice in one batch goes one by one, in order.
   */
  acknowledgedMany(group: ResourceGroup, acks: readonly AckOfRecord[]): void {
    if (acks.length === 0) return;
    const ids = new Set(acks.map((a) => a.id));
    if (ids.size < acks.length) {
      for (const a of acks) this.acknowledged(group, a.id, a.op, a.answer);
      return;
    }
    const rows = acks.map((a) => [
      a.id,
      a.answer?.remoteId ?? null,
      a.answer?.version ?? null,
      ackKind(a.op, a.answer),
    ]);
    this.ackSql(group).many.run(JSON.stringify(rows));
  }

  private ackSql(group: ResourceGroup): AckSql {
    let sql = this.ackSqls.get(group);
    if (!sql) {
      const t = this.t(group);
      const settles = `sync_state <> 'conflict' AND ${noEntrySql('?')}`;
      // The remote columns are always written; sync_state and base only when the record settles.
      const settleSet =
        `sync_state = CASE WHEN ${settles} THEN 'synced' ELSE sync_state END, ` +
        `base = CASE WHEN ${settles} THEN data ELSE base END`;
      sql = {
        settle: this.db.prepare(`UPDATE ${t} SET sync_state = 'synced', base = data WHERE id = ? AND ${settles}`),
        created: this.db.prepare(`UPDATE ${t} SET remote_id = ?, remote_version = ?, ${settleSet} WHERE id = ?`),
        versioned: this.db.prepare(`UPDATE ${t} SET remote_version = ?, ${settleSet} WHERE id = ?`),
        many: this.db.prepare(ackManySql(t)),
      };
      this.ackSqls.set(group, sql);
    }
    return sql;
  }
}

/** The batched acknowledgement of `t`: the same columns as each single statement writes, for every row of the list. */
function ackManySql(t: string): string {
  const settles = `${t}.sync_state <> 'conflict' AND ${noEntrySql(`${t}.id`)}`;
  return `UPDATE ${t} SET
      remote_id = CASE a.kind WHEN ${ACK_KIND.created} THEN a.rid ELSE ${t}.remote_id END,
      remote_version = CASE WHEN a.kind <> ${ACK_KIND.settle} THEN a.ver ELSE ${t}.remote_version END,
      sync_state = CASE WHEN ${settles} THEN 'synced' ELSE ${t}.sync_state END,
      base = CASE WHEN ${settles} THEN ${t}.data ELSE ${t}.base END
    FROM (SELECT value ->> 0 AS id, value ->> 1 AS rid, value ->> 2 AS ver, value ->> 3 AS kind FROM json_each(?)) AS a
    WHERE ${t}.id = a.id`;
}

// Reads of any database file (the current one or a backup, checked: it may come from another version).

const ChangeCounts = z.object({
  created: z.number().nullable(),
  changed: z.number().nullable(),
  deleted: z.number().nullable(),
});

/** Records of the group created, changed or deleted since `sinceMs`. */
export function changeCountsSince(
  db: Db,
  group: ResourceGroup,
  sinceMs: number,
): { created: number; changed: number; deleted: number } {
  const row = ChangeCounts.parse(
    db
      .prepare(
        `SELECT sum(created_at > @t) AS created,
                sum(created_at <= @t AND deleted = 0) AS changed,
                sum(created_at <= @t AND deleted = 1) AS deleted
         FROM ${tableOf(group).table} WHERE updated_at > @t`,
      )
      .get({ t: sinceMs }),
  );
  return { created: row.created ?? 0, changed: row.changed ?? 0, deleted: row.deleted ?? 0 };
}

const DataRow = z.object({ data: z.string() });

/** A record's stored fields (JSON), or null when the file has no such record. */
export function storedData(db: Db, group: ResourceGroup, id: string): string | null {
  const parsed = DataRow.safeParse(db.prepare(`SELECT data FROM ${tableOf(group).table} WHERE id = ?`).get(id));
  return parsed.success ? parsed.data.data : null;
}

/** Records made before any account signed in become the first account's (with their outbox entries). */
export function adoptRecords(db: Db, outbox: Outbox, fromAccount: string, toAccount: string): void {
  for (const { table } of Object.values(GROUP_TABLES)) {
    db.prepare(`UPDATE ${table} SET account_id = ? WHERE account_id = ?`).run(toAccount, fromAccount);
  }
  outbox.adopt(fromAccount, toAccount);
}

/**
 * Live records of a group in a database (a backup copy, say): the text, for a worker that cannot import this module.
 */
export const liveRecordsSql = (group: ResourceGroup): string =>
  `SELECT count(*) FROM ${tableOf(group).table} WHERE deleted = 0`;

/** Live records of a group in a database (a backup copy, say); throws when it has no such table. */
export function countLiveRecords(db: Db, group: ResourceGroup): number {
  return Number(db.prepare<[], number>(liveRecordsSql(group)).pluck().get() ?? 0);
}

export function toView(
  group: ResourceGroup,
  row: RecordRow & { pending?: number; failed?: string | null },
): RecordView {
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
