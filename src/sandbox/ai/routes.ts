import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { randomId } from '../auth/secrets';
import { iso } from '../clock';
import { accountOf, type RequestContext } from '../http/context';
import { HttpError } from '../http/errors';
import { json, type Reply } from '../http/reply';
import type { RouteDef } from '../http/router';
import { parseWith } from '../http/validate';
import { readIdempotencyKey, requestHash } from '../idempotency';
import { InvalidMediaError } from '../media/errors';
import { ToolMissingError } from '../media/run-tool';
import type { Services } from '../services';
import { FILES_PATH } from './files';
import { readMedia } from './input';
import type { AiOperation } from './operation-names';
import { AI_OPERATIONS } from './operation-names';
import type { AiResult, OperationDef } from './operation';
import { OPERATIONS } from './operations';

const requestSchema = z.object({
  model_id: z.string().min(1).max(200),
  image: z.object({}).loose(),
});

function mapError(error: unknown): unknown {
  if (error instanceof InvalidMediaError) return new HttpError(400, 'invalid_media', error.message);
  if (error instanceof ToolMissingError) return new HttpError(503, 'ffmpeg_unavailable', error.message);
  return error;
}

function describeResult(s: Services, ctx: RequestContext, name: AiOperation, modelId: string, result: AiResult) {
  const accountId = accountOf(ctx);
  return {
    id: randomId('gen_'),
    operation: name,
    model_id: modelId,
    status: 'succeeded',
    created_at: iso(s.clock.now()),
    text: result.text,
    outputs: result.outputs.map((output) => {
      const file = s.files.put(accountId, output.data, output.mimeType, output.extension);
      return {
        file_id: file.id,
        url: `${ctx.baseUrl}${FILES_PATH}/${file.id}`,
        mime_type: file.mimeType,
        size_bytes: file.size,
        sha256: file.sha256,
        ...(output.width !== undefined && { width: output.width }),
        ...(output.height !== undefined && { height: output.height }),
        ...(output.durationS !== undefined && { duration_s: output.durationS }),
        ...(output.fps !== undefined && { fps: output.fps }),
      };
    }),
    metrics: result.metrics,
  };
}

async function generate(s: Services, ctx: RequestContext, name: AiOperation, op: OperationDef): Promise<Reply> {
  const accountId = accountOf(ctx);
  const body = await ctx.json();
  const request = parseWith(requestSchema, body);
  if (!Object.hasOwn(op.models, request.model_id)) {
    const known = Object.keys(op.models);
    throw new HttpError(400, 'unknown_model', `model_id "${request.model_id}" is not a model of ${name}; known models: ${known.join(', ')}`, {
      known_models: known,
    });
  }
  const image = parseWith(op.schema, request.image, 'image');
  const key = readIdempotencyKey(ctx.header('idempotency-key'));
  const scope = `ai:${name}`;
  const hash = requestHash(body);
  if (key) {
    const found = s.idempotency.lookup(accountId, scope, key, hash);
    if (found.kind === 'replay') {
      s.stats.idempotentReplays++;
      return json(found.status, found.body, { 'idempotent-replayed': 'true' });
    }
  }
  const finish = key ? s.idempotency.begin(accountId, scope, key) : () => undefined;
  try {
    const env = {
      signal: ctx.signal,
      tools: s.media,
      readMedia: (source: { data?: string; url?: string }) =>
        readMedia(source, { accountId, files: s.files, baseUrl: ctx.baseUrl, signal: ctx.signal, maxBytes: s.options.bodyLimits.aiBytes }),
    };
    // The configured latency is a floor: real work runs during it, and both stop if the client leaves.
    const [, result] = await Promise.all([
      sleep(s.options.aiLatencyMs[name], undefined, { signal: ctx.signal }),
      op.run(image, request.model_id, env),
    ]);
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const response = describeResult(s, ctx, name, request.model_id, result);
    s.stats.aiGenerations++;
    if (key) s.idempotency.save(accountId, scope, key, hash, 200, response);
    return json(200, response);
  } catch (error) {
    if (ctx.signal.aborted) {
      s.stats.aiCancelled++;
      s.events.emit('ai-cancelled', { operation: name, model_id: request.model_id });
    }
    throw mapError(error);
  } finally {
    finish();
  }
}

export function aiRoutes(s: Services): RouteDef[] {
  return AI_OPERATIONS.map((name) => ({
    method: 'POST',
    pattern: `/v2/ai/${name}`,
    auth: 'required' as const,
    bodyLimit: 'ai' as const,
    handler: (ctx: RequestContext) => generate(s, ctx, name, OPERATIONS[name]),
  }));
}
