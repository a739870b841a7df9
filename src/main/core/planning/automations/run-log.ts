import type { AutomationRun } from '../../../../shared/planner';
import type { Db } from '../../db/open';

interface RunRow {
  id: number;
  automation_id: string;
  automation_name: string;
  at: number;
  cause: string;
  outcome: AutomationRun['outcome'];
  message: string;
}

/** Runs kept per account; older ones go (a runaway trigger must not fill the disk). */
const KEEP_RUNS = 10_000;
/** A job's chain is kept this long; a job that never finishes must not keep it forever. */
const CHAIN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const view = (r: RunRow): AutomationRun => ({
  id: r.id,
  automationId: r.automation_id,
  automationName: r.automation_name,
  at: new Date(r.at).toISOString(),
  cause: r.cause,
  outcome: r.outcome,
  message: r.message,
});

/** The local run log (automation_runs) and the chains of AI jobs automations queued. */
export class RunLog {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      insert: db.prepare(
        'INSERT INTO automation_runs (account_id, automation_id, automation_name, at, cause, outcome, message) ' +
          'VALUES (@account, @automationId, @automationName, @at, @cause, @outcome, @message)',
      ),
      get: db.prepare<[number], RunRow>('SELECT * FROM automation_runs WHERE id = ?'),
      trim: db.prepare<[string, string, number]>(
        'DELETE FROM automation_runs WHERE account_id = ? AND id <= (SELECT id FROM automation_runs ' +
          'WHERE account_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)',
      ),
      all: db.prepare<[string, number], RunRow>(
        'SELECT * FROM automation_runs WHERE account_id = ? ORDER BY id DESC LIMIT ?',
      ),
      one: db.prepare<[string, string, number], RunRow>(
        'SELECT * FROM automation_runs WHERE account_id = ? AND automation_id = ? ORDER BY id DESC LIMIT ?',
      ),
      setChain: db.prepare<[string, string, number]>(
        'INSERT OR REPLACE INTO automation_job_chains (job_id, chain, created_at) VALUES (?, ?, ?)',
      ),
      getChain: db.prepare<[string], { chain: string }>('SELECT chain FROM automation_job_chains WHERE job_id = ?'),
      expire: db.prepare<[number]>('DELETE FROM automation_job_chains WHERE created_at < ?'),
    };
  }

  add(account: string, run: Omit<AutomationRun, 'id' | 'at'> & { at: number }): AutomationRun {
    const id = Number(this.stmts.insert.run({ account, ...run }).lastInsertRowid);
    if (id % 100 === 0) this.stmts.trim.run(account, account, KEEP_RUNS);
    const row = this.stmts.get.get(id);
    if (!row) throw new Error(`automation run ${id} was not written`);
    return view(row);
  }

  list(account: string, opts: { automationId?: string | undefined; limit: number }): AutomationRun[] {
    const rows = opts.automationId
      ? this.stmts.one.all(account, opts.automationId, opts.limit)
      : this.stmts.all.all(account, opts.limit);
    return rows.map(view);
  }

  /** Remember which automations led to a queued job. */
  rememberJob(jobId: string, chain: string[], now: number): void {
    this.stmts.expire.run(now - CHAIN_TTL_MS);
    this.stmts.setChain.run(jobId, JSON.stringify(chain), now);
  }

  /** The chain a job's success carries on. Kept (until it expires), so an event told twice is still protected. */
  chainOf(jobId: string): string[] {
    const row = this.stmts.getChain.get(jobId);
    if (!row) return [];
    const chain: unknown = JSON.parse(row.chain);
    return Array.isArray(chain) ? chain.filter((c): c is string => typeof c === 'string') : [];
  }
}
