import type { Db } from '../db/open';
import type { MetaStore } from '../meta-store';
import { Outbox } from './outbox';
import { adoptRecords } from './record-store';

/** Owner of records made before any account signed in; the first account to sign in adopts them. */
export const LOCAL_ACCOUNT = 'local';
const KEY = 'workspace.account';

/**
 * Whose records are shown and synced. It follows the last account that signed in and stays after
 * sign-out (the work is still there offline); another account signing in switches it, and the
 * first account's changes wait, unsent, until that account signs in again.
 */
export class Workspace {
  constructor(
    private readonly db: Db,
    private readonly meta: MetaStore,
  ) {}

  account(): string {
    return this.meta.get<string>(KEY) ?? LOCAL_ACCOUNT;
  }

  /** Returns whether the workspace switched (screens must reload). */
  enter(accountId: string): boolean {
    const current = this.meta.get<string>(KEY);
    if (current === accountId) return false;
    this.db.transaction(() => {
      if (current === undefined) {
        adoptRecords(this.db, new Outbox(this.db, Date.now), LOCAL_ACCOUNT, accountId);
      }
      this.meta.set(KEY, accountId);
    })();
    return true;
  }
}
