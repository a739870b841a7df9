import type { Db } from '../db/open';
import { Statements } from '../db/statements';

/** A channel row as stored; `slots` and `rules` are JSON text. */
export interface ChannelRow {
  id: string;
  account_id: string;
  network: string;
  name: string;
  handle: string;
  colour: string;
  avatar_asset_id: string | null;
  slots: string;
  rules: string | null;
  created_at: number;
  updated_at: number;
  deleted: number;
}

export type ChannelWrite = Omit<ChannelRow, 'deleted'>;

/** The channels table's reads and writes: the one module holding SQL that names it. */
export class ChannelsSql {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  /** Live channels of an account by name (any case). */
  list(account: string): ChannelRow[] {
    return this.s
      .sql<[string], ChannelRow>(
        'SELECT * FROM channels WHERE account_id = ? AND deleted = 0 ORDER BY name COLLATE NOCASE, created_at',
      )
      .all(account);
  }

  /** One channel of the account, deleted ones included (posts may still name them). */
  get(account: string, id: string): ChannelRow | undefined {
    return this.s
      .sql<[string, string], ChannelRow>('SELECT * FROM channels WHERE account_id = ? AND id = ?')
      .get(account, id);
  }

  /** A live channel of the account with this name (any case), other than `exceptId`. */
  named(account: string, name: string, exceptId: string | null): ChannelRow | undefined {
    return this.s
      .sql<[string, string, string], ChannelRow>(
        `SELECT * FROM channels WHERE account_id = ? AND deleted = 0 AND name = ? COLLATE NOCASE AND id <> ?`,
      )
      .get(account, name, exceptId ?? '');
  }

  /**
   * Whether the account has, or had, a channel of this name (any case), other than `exceptId`: a removed
   * or renamed one is not made again.
   */
  everNamed(account: string, name: string, exceptId = ''): boolean {
    return (
      this.s
        .sql<[string, string, string], { n: number }>(
          'SELECT count(*) AS n FROM channels WHERE account_id = ? AND name = ? COLLATE NOCASE AND id <> ?',
        )
        .get(account, name, exceptId)?.n !== 0
    );
  }

  /** Whether any channel row (of any account, deleted or not) has this id. */
  hasId(id: string): boolean {
    return this.s.sql<[string], { n: number }>('SELECT count(*) AS n FROM channels WHERE id = ?').get(id)?.n !== 0;
  }

  insert(row: ChannelWrite): void {
    this.s
      .sql<[ChannelWrite]>(
        `INSERT INTO channels (id, account_id, network, name, handle, colour, avatar_asset_id, slots, rules,
           created_at, updated_at)
         VALUES (@id, @account_id, @network, @name, @handle, @colour, @avatar_asset_id, @slots, @rules,
           @created_at, @updated_at)`,
      )
      .run(row);
  }

  /** A deleted row that only keeps a name (a renamed channel's old one), so posts naming it make no channel. */
  tombstone(row: ChannelWrite): void {
    this.s
      .sql<[ChannelWrite]>(
        `INSERT INTO channels (id, account_id, network, name, handle, colour, avatar_asset_id, slots, rules,
           created_at, updated_at, deleted)
         VALUES (@id, @account_id, @network, @name, @handle, @colour, @avatar_asset_id, @slots, @rules,
           @created_at, @updated_at, 1)`,
      )
      .run(row);
  }

  update(row: ChannelWrite): void {
    this.s
      .sql<[ChannelWrite]>(
        `UPDATE channels SET network = @network, name = @name, handle = @handle, colour = @colour,
           avatar_asset_id = @avatar_asset_id, slots = @slots, rules = @rules, updated_at = @updated_at
         WHERE id = @id AND account_id = @account_id AND created_at = @created_at`,
      )
      .run(row);
  }

  /** Marks it deleted; returns whether a live one was. */
  remove(account: string, id: string, at: number): boolean {
    return (
      this.s
        .sql<[number, string, string]>(
          'UPDATE channels SET deleted = 1, updated_at = ? WHERE account_id = ? AND id = ? AND deleted = 0',
        )
        .run(at, account, id).changes > 0
    );
  }

  /** Channels made before anyone signed in become the account's (as records do). */
  adopt(fromAccount: string, toAccount: string): void {
    this.s.sql<[string, string]>('UPDATE channels SET account_id = ? WHERE account_id = ?').run(toAccount, fromAccount);
  }
}
