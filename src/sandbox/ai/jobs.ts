import { z } from 'zod';
import { randomId } from '../auth/secrets';
import type { Db } from '../db/open';
import type { JobStatus, JobView } from '../dialects/dialect';
import { FILES_PATH } from './files';

const jobRow = z.object({
  id: z.string(),
  account_id: z.string(),
  operation: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  file_id: z.string().nullable(),
  mime_type: z.string().nullable(),
  text: z.string().nullable(),
  error: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;

/** What a job produced: its first file (if any) and its text (if any). */
export interface JobResult {
  file: { id: string; mimeType: string } | null;
  text: string | null;
}

/** A job as a poll shows it; the file URL is built from the address the poll came to. */
export function jobView(row: JobRow, baseUrl: string): JobView {
  const output =
    row.file_id !== null && row.mime_type !== null
      ? { url: `${baseUrl}${FILES_PATH}/${row.file_id}`, mimeType: row.mime_type }
      : null;
  return { id: row.id, operation: row.operation, status: row.status, output, text: row.text, error: row.error };
}

/** Asynchronous AI jobs of the dialects that answer "accepted"; kept with the other records. */
export function createJobStore(db: Db, now: () => number) {
  const insert = db.prepare(
    `INSERT INTO ai_jobs (id, account_id, operation, model_id, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'queued', ?, ?)`,
  );
  const select = db.prepare('SELECT * FROM ai_jobs WHERE account_id = ? AND id = ?');
  const setStatus = db.prepare('UPDATE ai_jobs SET status = ?, updated_at = ? WHERE id = ?');
  const finish = db.prepare(
    "UPDATE ai_jobs SET status = 'done', file_id = ?, mime_type = ?, text = ?, updated_at = ? WHERE id = ?",
  );
  const fail = db.prepare("UPDATE ai_jobs SET status = 'failed', error = ?, updated_at = ? WHERE id = ?");
  const orphans = db.prepare(
    "UPDATE ai_jobs SET status = 'failed', error = ?, updated_at = ? WHERE status IN ('queued', 'running')",
  );

  // Work does not survive the process: a job left unfinished by the last run can never finish.
  orphans.run('the sandbox stopped before this job finished; submit it again', now());

  return {
    create(accountId: string, operation: string, modelId: string): string {
      const id = randomId('job_');
      const at = now();
      insert.run(id, accountId, operation, modelId, at, at);
      return id;
    },

    get(accountId: string, id: string): JobRow | undefined {
      const row: unknown = select.get(accountId, id);
      return row === undefined ? undefined : jobRow.parse(row);
    },

    setStatus(id: string, status: JobStatus): void {
      setStatus.run(status, now(), id);
    },

    finish(id: string, result: JobResult): void {
      finish.run(result.file?.id ?? null, result.file?.mimeType ?? null, result.text, now(), id);
    },

    fail(id: string, detail: string): void {
      fail.run(detail, now(), id);
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
