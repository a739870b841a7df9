import type { Generation } from '../dialects/dialect';
import { accountOf, type RequestContext } from '../http/context';
import { json, type Reply } from '../http/reply';
import { replayed } from '../http/replay';
import type { RouteDef } from '../http/router';
import type { Services } from '../services';
import { generate, mapAiError } from './generate';
import type { AiOperation } from './operation-names';
import { AI_OPERATIONS } from './operation-names';
import { OPERATIONS } from './operations';
import { readAiRequest, type AiRequest } from './request';
import { pollJob, submitJob } from './submit-job';

/** Synchronous dialects: the work runs within the request and the answer carries the result. */
async function runNow(
  s: Services,
  ctx: RequestContext,
  name: AiOperation,
  req: AiRequest,
  answer: (g: Generation) => unknown,
): Promise<Reply> {
  const { accountId, key, hash } = req;
  const scope = `ai:${name}`;
  const replay = key ? replayed(s, accountId, scope, key, hash) : null;
  if (replay) return replay;
  const finish = key ? s.idempotency.begin(accountId, scope, key) : () => undefined;
  try {
    const generation = await generate(s, {
      name,
      accountId,
      modelId: req.modelId,
      image: req.image,
      baseUrl: ctx.baseUrl,
      signal: ctx.signal,
    });
    const response = answer(generation);
    s.stats.aiGenerations++;
    if (key) s.idempotency.save(accountId, scope, key, hash, 200, response);
    return json(200, response);
  } catch (error) {
    if (ctx.signal.aborted) {
      s.stats.aiCancelled++;
      s.events.emit('ai-cancelled', { operation: name, model_id: req.modelId });
    }
    throw mapAiError(error);
  } finally {
    finish();
  }
}

async function handle(s: Services, ctx: RequestContext, name: AiOperation): Promise<Reply> {
  const req = await readAiRequest(ctx, name, OPERATIONS[name]);
  const ai = ctx.dialect.ai;
  return ai.mode === 'async' ? submitJob(s, ctx, name, req, ai) : runNow(s, ctx, name, req, ai.answer);
}

export function aiRoutes(s: Services): RouteDef[] {
  const operations: RouteDef[] = AI_OPERATIONS.map((name) => ({
    method: 'POST',
    pattern: `/v2/ai/${name}`,
    auth: 'required' as const,
    bodyLimit: 'ai' as const,
    handler: (ctx: RequestContext) => handle(s, ctx, name),
  }));
  const jobs: RouteDef = {
    method: 'GET',
    pattern: '/v2/ai/jobs/:id',
    auth: 'required',
    handler: (ctx) => pollJob(s, ctx, accountOf(ctx)),
  };
  return [...operations, jobs];
}
