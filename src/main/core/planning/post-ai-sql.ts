import type { Db } from '../db/open';
import { Statements } from '../db/statements';
import type { PostAiKind, PostAiState } from '../../../shared/post-ai';

/** A post's AI request as stored. */
export interface PostAiRow {
  id: string;
  account_id: string;
  post_id: string;
  kind: PostAiKind;
  channel_id: string | null;
  asset_id: string | null;
  job_id: string;
  state: PostAiState;
  aspect: string | null;
  result_asset_id: string | null;
  result_text: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** How a request ended (or is offered). */
export interface PostAiOutcome {
  state: PostAiState;
  resultAssetId?: string | null;
  text?: string | null;
  error?: string | null;
}

/** The post_ai_requests table's reads and writes: the one module holding SQL that names it. */
export class PostAiSql {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  insert(row: PostAiRow): void {
    this.s
      .sql<PostAiRow>(
        'INSERT INTO post_ai_requests (id, account_id, post_id, kind, channel_id, asset_id, job_id, state, aspect, ' +
          'result_asset_id, result_text, error, created_at, updated_at) VALUES (@id, @account_id, @post_id, @kind, ' +
          '@channel_id, @asset_id, @job_id, @state, @aspect, @result_asset_id, @result_text, @error, @created_at, ' +
          '@updated_at)',
      )
      .run(row);
  }

  get(account: string, id: string): PostAiRow | undefined {
    return this.s
      .sql<[string, string], PostAiRow>('SELECT * FROM post_ai_requests WHERE account_id = ? AND id = ?')
      .get(account, id);
  }

  /** A post's requests, newest first. */
  ofPost(account: string, postId: string): PostAiRow[] {
    return this.s
      .sql<[string, string], PostAiRow>(
        'SELECT * FROM post_ai_requests WHERE account_id = ? AND post_id = ? ORDER BY created_at DESC, rowid DESC',
      )
      .all(account, postId);
  }

  /** Requests still waiting on their job (any account: a job finishes whoever is signed in). */
  waiting(jobIds: readonly string[] | null): PostAiRow[] {
    const all = this.s
      .sql<[], PostAiRow>("SELECT * FROM post_ai_requests WHERE state = 'waiting' ORDER BY created_at")
      .all();
    if (jobIds === null) return all;
    const wanted = new Set(jobIds);
    return all.filter((r) => wanted.has(r.job_id));
  }

  /** Ends a request still in `from`; false when another path ended it first (an outcome is set once). */
  settle(id: string, from: PostAiState, outcome: PostAiOutcome, now: number): boolean {
    const info = this.s
      .sql<[string, string | null, string | null, string | null, number, string, string]>(
        'UPDATE post_ai_requests SET state = ?, result_asset_id = coalesce(?, result_asset_id), ' +
          'result_text = coalesce(?, result_text), error = ?, updated_at = ? WHERE id = ? AND state = ?',
      )
      .run(outcome.state, outcome.resultAssetId ?? null, outcome.text ?? null, outcome.error ?? null, now, id, from);
    return info.changes === 1;
  }
}
