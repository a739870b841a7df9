import { AI_IO, type AiInputRef, type AiJobView, type AiMediaKind } from '../../shared/ai';
import type { AiOperation } from '../../shared/profile';
import { operationLabels, operationOrder } from './labels';
import { excerpt } from './format';

type InputKind = (typeof AI_IO)[AiOperation]['input'];

/** The media input chosen in the form, with the name it is shown by. */
export interface ChosenInput {
  ref: AiInputRef;
  name: string;
}

/**
 * Operations that take what a result made (image → image2image, image2text, image2video…), limited
 * to those offered.
 */
export function operationsTaking(kind: InputKind, offered: readonly AiOperation[] = operationOrder): AiOperation[] {
  return operationOrder.filter((op) => AI_IO[op].input === kind && offered.includes(op));
}

/** An earlier result as a form input. */
export function resultInput(
  job: Pick<AiJobView, 'id' | 'operation' | 'prompt' | 'outputs'>,
  output: number,
): ChosenInput {
  const subject = job.prompt ? ` “${excerpt(job.prompt, 40)}”` : '';
  const which = job.outputs.length > 1 ? ` (output ${output + 1})` : '';
  return {
    ref: { kind: 'result', jobId: job.id, output },
    name: `Result of ${operationLabels[job.operation]}${subject}${which}`,
  };
}

const mimePrefix: Record<AiMediaKind, string> = { image: 'image/', video: 'video/', audio: 'audio/' };

/** What the file input offers for an operation's input kind. */
export function acceptFor(kind: AiMediaKind): string {
  return `${mimePrefix[kind]}*`;
}

/**
 * Whether a file looks like the kind the operation takes; files the system could not type are let
 * through for the core to judge.
 */
export function fileFits(kind: AiMediaKind, mimeType: string): boolean {
  return mimeType === '' || mimeType === 'application/octet-stream' || mimeType.startsWith(mimePrefix[kind]);
}
