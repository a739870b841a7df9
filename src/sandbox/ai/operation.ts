import type { z } from 'zod';
import type { MediaTools } from '../media/tools';
import type { MediaSource } from './input';

export interface AiOutput {
  data: Buffer;
  mimeType: string;
  extension: string;
  width?: number;
  height?: number;
  durationS?: number;
  fps?: number;
}

export interface AiResult {
  text: string | null;
  outputs: AiOutput[];
  metrics: Record<string, unknown>;
}

export interface RunEnv {
  signal: AbortSignal;
  tools: MediaTools;
  readMedia(source: MediaSource): Promise<Buffer>;
}

export interface OperationDef {
  input: 'text' | 'image' | 'video' | 'audio';
  output: 'image' | 'video' | 'text';
  /** model_id → what it does. */
  models: Record<string, string>;
  /** Schema of the "image" object. */
  schema: z.ZodType;
  run(image: unknown, modelId: string, env: RunEnv): Promise<AiResult>;
}

/** Ties a schema to its run function so the run sees parsed, typed fields. */
export function defineOperation<S extends z.ZodType>(def: {
  input: OperationDef['input'];
  output: OperationDef['output'];
  models: Record<string, string>;
  schema: S;
  run(image: z.infer<S>, modelId: string, env: RunEnv): Promise<AiResult>;
}): OperationDef {
  return def as OperationDef;
}

/** Even sizes, since H.264 with 4:2:0 chroma needs them. */
export function even(value: number): number {
  return Math.max(2, Math.floor(value / 2) * 2);
}
