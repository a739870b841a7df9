import { z } from 'zod';
import { accountOf, type RequestContext } from '../http/context';
import { HttpError } from '../http/errors';
import { parseWith } from '../http/validate';
import { readIdempotencyKey, requestHash } from '../idempotency';
import type { AiOperation } from './operation-names';
import type { OperationDef } from './operation';

const requestSchema = z.object({
  model_id: z.string().min(1).max(200),
  image: z.object({}).loose(),
});

/** An AI request that passed every check that needs no work: body, model, fields, Idempotency-Key. */
export interface AiRequest {
  accountId: string;
  modelId: string;
  image: unknown;
  /** Idempotency-Key, or null. */
  key: string | null;
  hash: string;
}

export async function readAiRequest(ctx: RequestContext, name: AiOperation, op: OperationDef): Promise<AiRequest> {
  const accountId = accountOf(ctx);
  const body = await ctx.json();
  const request = parseWith(requestSchema, body);
  if (!Object.hasOwn(op.models, request.model_id)) {
    const known = Object.keys(op.models);
    throw new HttpError(
      400,
      'unknown_model',
      `model_id "${request.model_id}" is not a model of ${name}; known models: ${known.join(', ')}`,
      {
        known_models: known,
      },
    );
  }
  const image = parseWith(op.schema, request.image, 'image');
  const key = readIdempotencyKey(ctx.header('idempotency-key'));
  return { accountId, modelId: request.model_id, image, key, hash: requestHash(body) };
}
