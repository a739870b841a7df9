import type { Db } from '../db/open';
import { hashPassword, randomId, verifyPassword } from './secrets';

export interface Account {
  id: string;
  username: string;
}

// A hash to compare against when the username is unknown, so timing does not reveal which accounts exist.
let decoyHash: Promise<string> | undefined;

export function createAccountStore(db: Db, now: () => number) {
  const byName = db.prepare('SELECT id, username, password_hash FROM accounts WHERE username = ?');
  const insert = db.prepare('INSERT INTO accounts (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)');

  const normalise = (username: string) => username.trim().toLowerCase();

  return {
    find(username: string): Account | undefined {
      const row = byName.get(normalise(username)) as { id: string; username: string } | undefined;
      return row ? { id: row.id, username: row.username } : undefined;
    },

    /** Creates the account, or returns null when the username is taken. */
    async create(username: string, password: string): Promise<Account | null> {
      const name = normalise(username);
      const hash = await hashPassword(password);
      if (byName.get(name)) return null;
      const account = { id: randomId('acc_'), username: name };
      insert.run(account.id, name, hash, now());
      return account;
    },

    /** Creates the account unless it exists; used for the demo account on every start. */
    async ensure(username: string, password: string): Promise<Account> {
      return this.find(username) ?? (await this.create(username, password)) ?? (this.find(username) as Account);
    },

    async verify(username: string, password: string): Promise<Account | null> {
      const row = byName.get(normalise(username)) as
        { id: string; username: string; password_hash: string } | undefined;
      decoyHash ??= hashPassword('decoy');
      const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash));
      return row && ok ? { id: row.id, username: row.username } : null;
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
