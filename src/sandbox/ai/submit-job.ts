import { z } from 'zod';
import type { AiMode } from '../dialects/dialect';
import type { RequestContext } from '../http/context';
import { HttpError } from '../http/errors';
import { json, type Reply } from '../http/reply';
import type { Services } from '../services';
import type { AiJobCounts } from '../stats';
import { generate, mapAiError } from './generate';
import { jobView } from './jobs';
import type { AiOperation } from './operation-names';
import type { AiRequest } from './request';

type AsyncMode = Extract<AiMode, { mode: 'async' }>;

/** What the Idempotency-Key remembers for a job: which job, so a retry gets that one back. */
const remembered = z.object({ job_id: z.string() });

function counts(s: Services, id: string, operation: string): AiJobCounts {
  s.stats.aiJobs[id] ??= { operation, posts: 0, polls: 0 };
  return s.stats.aiJobs[id];
}

function start(s: Services, ctx: RequestContext, name: AiOperation, req: AiRequest, id: string): void {
  s.jobRunner.run(async (signal) => {
    s.jobs.setStatus(id, 'running');
    s.events.emit('ai-job', { id, operation: name, event: 'running' });
    try {
      const g = await generate(s, {
        name,
        accountId: req.accountId,
        modelId: req.modelId,
        image: req.image,
        baseUrl: ctx.baseUrl,
        signal,
      });
      const first = g.outputs[0];
      s.jobs.finish(id, { file: first ? { id: first.fileId, mimeType: first.mimeType } : null, text: g.text });
      s.stats.aiGenerations++;
      s.events.emit('ai-job', { id, operation: name, event: 'done' });
    } catch (error) {
      if (signal.aborted) return;
      const mapped = mapAiError(error);
      if (!(mapped instanceof HttpError))
        s.options.log(
          `AI job ${id} failed: ${mapped instanceof Error ? (mapped.stack ?? mapped.message) : String(mapped)}`,
        );
      const detail =
        mapped instanceof HttpError
          ? mapped.message
          : `internal sandbox error: ${mapped instanceof Error ? mapped.message : String(mapped)}`;
      s.jobs.fail(id, detail);
      s.events.emit('ai-job', { id, operation: name, event: 'failed' });
    }
  });
}

/** Asynchronous dialects: 202 with a job at once; the same Idempotency-Key and body get the same job back. */
export function submitJob(s: Services, ctx: RequestContext, name: AiOperation, req: AiRequest, mode: AsyncMode): Reply {
  const scope = `ai-job:${name}`;
  const outcome = s.records.transaction(() => {
    if (req.key) {
      const found = s.idempotency.lookup(req.accountId, scope, req.key, req.hash);
      if (found.kind === 'replay') return { id: remembered.parse(found.body).job_id, replayed: true };
    }
    const id = s.jobs.create(req.accountId, name, req.modelId);
    if (req.key) s.idempotency.save(req.accountId, scope, req.key, req.hash, 202, { job_id: id });
    return { id, replayed: false };
  });
  const row = s.jobs.get(req.accountId, outcome.id);
  if (!row) throw new HttpError(500, 'internal', `AI job ${outcome.id} was lost`);
  counts(s, row.id, name).posts++;
  if (outcome.replayed) {
    s.stats.idempotentReplays++;
    s.events.emit('ai-job', { id: row.id, operation: name, event: 'replayed' });
    return json(202, mode.accepted(jobView(row, ctx.baseUrl)), { 'idempotent-replayed': 'true' });
  }
  s.stats.aiSubmissions++;
  s.events.emit('ai-job', { id: row.id, operation: name, event: 'submitted' });
  start(s, ctx, name, req, row.id);
  return json(202, mode.accepted(jobView(row, ctx.baseUrl)));
}

/** GET /v2/ai/jobs/:id in the current dialect's job shape. */
export function pollJob(s: Services, ctx: RequestContext, accountId: string): Reply {
  const ai = ctx.dialect.ai;
  if (ai.mode !== 'async') {
    throw new HttpError(
      404,
      'not_found',
      `the ${ctx.dialect.name} dialect has no AI jobs: its AI operations answer at once`,
    );
  }
  const id = ctx.params.id ?? '';
  const row = s.jobs.get(accountId, id);
  if (!row) throw new HttpError(404, 'not_found', `AI job ${id} does not exist`);
  counts(s, row.id, row.operation).polls++;
  s.events.emit('ai-job', { id: row.id, operation: row.operation, event: 'polled' });
  return json(200, ai.job(jobView(row, ctx.baseUrl)));
}
