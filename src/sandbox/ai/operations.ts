import type { AiOperation } from './operation-names';
import type { OperationDef } from './operation';
import { image2image } from './generators/image2image';
import { image2text } from './generators/image2text';
import { image2video } from './generators/image2video';
import { text2image } from './generators/text2image';
import { text2video } from './generators/text2video';
import { video2text } from './generators/video2text';
import { video2video } from './generators/video2video';
import { wave2text } from './generators/wave2text';

/** Every AI operation with its models and the "image" fields it reads. */
export const OPERATIONS: Record<AiOperation, OperationDef> = {
  image2image,
  image2text,
  image2video,
  text2image,
  text2video,
  video2text,
  video2video,
  wave2text,
};

/** model_id values per operation, with what each does. */
export function aiModels(): Record<AiOperation, { id: string; description: string }[]> {
  const entries = Object.entries(OPERATIONS).map(([name, op]) => [
    name,
    Object.entries(op.models).map(([id, description]) => ({ id, description })),
  ]);
  return Object.fromEntries(entries) as Record<AiOperation, { id: string; description: string }[]>;
}
