import { setTimeout as sleep } from 'node:timers/promises';
import { randomId } from '../auth/secrets';
import type { Generation } from '../dialects/dialect';
import { HttpError } from '../http/errors';
import { InvalidMediaError } from '../media/errors';
import { ToolMissingError } from '../media/run-tool';
import type { Services } from '../services';
import { FILES_PATH } from './files';
import { readMedia } from './input';
import type { AiOperation } from './operation-names';
import type { AiResult } from './operation';
import { OPERATIONS } from './operations';

/** Media problems are the caller's (400); a missing ffmpeg is the sandbox's (503). */
export function mapAiError(error: unknown): unknown {
  if (error instanceof InvalidMediaError) return new HttpError(400, 'invalid_media', error.message);
  if (error instanceof ToolMissingError) return new HttpError(503, 'ffmpeg_unavailable', error.message);
  return error;
}

export interface GenerateInput {
  name: AiOperation;
  accountId: string;
  modelId: string;
  image: unknown;
  baseUrl: string;
  signal: AbortSignal;
}

function store(s: Services, input: GenerateInput, result: AiResult): Generation {
  return {
    id: randomId('gen_'),
    operation: input.name,
    modelId: input.modelId,
    createdAt: s.clock.now(),
    text: result.text,
    outputs: result.outputs.map((output) => {
      const file = s.files.put(input.accountId, output.data, output.mimeType, output.extension);
      return {
        data: output.data,
        fileId: file.id,
        url: `${input.baseUrl}${FILES_PATH}/${file.id}`,
        mimeType: file.mimeType,
        size: file.size,
        sha256: file.sha256,
        ...(output.width !== undefined && { width: output.width }),
        ...(output.height !== undefined && { height: output.height }),
        ...(output.durationS !== undefined && { durationS: output.durationS }),
        ...(output.fps !== undefined && { fps: output.fps }),
      };
    }),
    metrics: result.metrics,
  };
}

/** Runs an operation and stores what it produced; the configured latency is a floor, and both stop on abort. */
export async function generate(s: Services, input: GenerateInput): Promise<Generation> {
  const { accountId, baseUrl, signal } = input;
  const env = {
    signal,
    tools: s.media,
    readMedia: (source: { data?: string; url?: string }) =>
      readMedia(source, { accountId, files: s.files, baseUrl, signal, maxBytes: s.options.bodyLimits.aiBytes }),
  };
  const [, result] = await Promise.all([
    sleep(s.options.aiLatencyMs[input.name], undefined, { signal }),
    OPERATIONS[input.name].run(input.image, input.modelId, env),
  ]);
  if (signal.aborted) throw signal.reason;
  return store(s, input, result);
}
