import type { Db } from '../db/open';
import { randomId } from '../auth/secrets';
import type { Since } from './cursor';

export interface StoredRecord {
  id: string;
  seq: number;
  version: number;
  data: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

export type WriteOutcome =
  | { kind: 'ok'; record: StoredRecord }
  | { kind: 'conflict'; current: StoredRecord }
  | { kind: 'missing' }
  | { kind: 'gone'; current: StoredRecord };

interface Row {
  id: string;
  seq: number;
  version: number;
  data: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

function fromRow(row: Row): StoredRecord {
  return {
    id: row.id,
    seq: row.seq,
    version: row.version,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}

export interface ListOptions {
  since?: Since;
  after?: number;
  limit: number;
  includeDeleted: boolean;
}

/** The page of a list: its WHERE clause and parameters, one more row than the limit to tell if more follow. */
function listQuery(
  accountId: string,
  group: string,
  options: ListOptions,
): { sql: string; params: (string | number)[] } {
  const where = ['account_id = ?', 'grp = ?'];
  const params: (string | number)[] = [accountId, group];
  if (!options.includeDeleted) where.push('deleted_at IS NULL');
  if (options.after !== undefined) {
    where.push('seq > ?');
    params.push(options.after);
  }
  if (options.since && 'seq' in options.since) {
    where.push('seq > ?');
    params.push(options.since.seq);
  } else if (options.since) {
    where.push('updated_at >= ?');
    params.push(options.since.at);
  }
  const sql = `SELECT * FROM records WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`;
  return { sql, params: [...params, options.limit + 1] };
}

/** The store's statements, prepared once and typed by what they return. */
function statements(db: Db) {
  return {
    nextSeq: db.prepare<[], { value: number }>(
      "UPDATE counters SET value = value + 1 WHERE name = 'change_seq' RETURNING value",
    ),
    insert: db.prepare(
      `INSERT INTO records (account_id, grp, id, seq, version, data, created_at, updated_at)
       VALUES (?, ?, ?, ?, 1, ?, ?, ?)`,
    ),
    select: db.prepare<[string, string, string], Row>(
      'SELECT * FROM records WHERE account_id = ? AND grp = ? AND id = ?',
    ),
    write: db.prepare(
      `UPDATE records SET seq = ?, version = version + 1, data = ?, updated_at = ?, deleted_at = ?
       WHERE account_id = ? AND grp = ? AND id = ?`,
    ),
    head: db.prepare<[string, string], { head: number }>(
      'SELECT COALESCE(MAX(seq), 0) AS head FROM records WHERE account_id = ? AND grp = ?',
    ),
    count: db.prepare<[string, string], { n: number }>(
      'SELECT COUNT(*) AS n FROM records WHERE account_id = ? AND grp = ?',
    ),
  };
}

/** Records of every resource group, one table, always filtered by the owning account. */
export function createRecordStore(db: Db, now: () => number) {
  const { nextSeq, insert, select, write, head, count } = statements(db);
  const seq = () => {
    const next = nextSeq.get();
    if (!next) throw new Error('the change_seq counter is missing from the sandbox database');
    return next.value;
  };
  const get = (accountId: string, group: string, id: string) => {
    const row = select.get(accountId, group, id);
    return row ? fromRow(row) : undefined;
  };

  function change(
    accountId: string,
    group: string,
    id: string,
    expectedVersion: number | undefined,
    next: (current: StoredRecord) => { data: Record<string, unknown>; deleted: boolean },
  ): WriteOutcome {
    return db.transaction((): WriteOutcome => {
      const current = get(accountId, group, id);
      if (!current) return { kind: 'missing' };
      if (current.deletedAt !== null) return { kind: 'gone', current };
      if (expectedVersion !== undefined && expectedVersion !== current.version) return { kind: 'conflict', current };
      const { data, deleted } = next(current);
      const at = now();
      write.run(seq(), JSON.stringify(data), at, deleted ? at : null, accountId, group, id);
      return { kind: 'ok', record: get(accountId, group, id) as StoredRecord };
    })();
  }

  return {
    get,

    /** Inserts with a server id; call inside a transaction to group it with other writes. */
    create(accountId: string, group: string, idPrefix: string, data: Record<string, unknown>): StoredRecord {
      const id = randomId(idPrefix);
      const at = now();
      insert.run(accountId, group, id, seq(), JSON.stringify(data), at, at);
      return get(accountId, group, id) as StoredRecord;
    },

    update(
      accountId: string,
      group: string,
      id: string,
      expectedVersion: number | undefined,
      next: (current: StoredRecord) => Record<string, unknown>,
    ): WriteOutcome {
      return change(accountId, group, id, expectedVersion, (current) => ({ data: next(current), deleted: false }));
    },

    /** Leaves a tombstone (kept for since pulls); deleting a tombstone again returns it unchanged. */
    remove(accountId: string, group: string, id: string, expectedVersion: number | undefined): WriteOutcome {
      const current = get(accountId, group, id);
      if (current && current.deletedAt !== null) return { kind: 'ok', record: current };
      return change(accountId, group, id, expectedVersion, () => ({ data: {}, deleted: true }));
    },

    list(accountId: string, group: string, options: ListOptions) {
      const query = listQuery(accountId, group, options);
      const rows = db.prepare<(string | number)[], Row>(query.sql).all(...query.params);
      return {
        records: rows.slice(0, options.limit).map(fromRow),
        hasMore: rows.length > options.limit,
        head: head.get(accountId, group)?.head ?? 0,
      };
    },

    count(accountId: string, group: string): number {
      return count.get(accountId, group)?.n ?? 0;
    },

    transaction<T>(work: () => T): T {
      return db.transaction(work)();
    },
  };
}

export type RecordStore = ReturnType<typeof createRecordStore>;
