import { z } from 'zod';
import { AiSubmitInput, type AiOperationView } from '../../shared/ai';
import type { ChosenInput } from './input-choices';
import { inputKindNouns } from './labels';
import { defaultModel } from './models';
import { initialParamValues, paramsFromValues, paramsSchema, type ParamValues } from './params';
import type { Draft } from './use-drafts';

/** What the studio form holds: named as the request names its fields, so the core's issues land on them. */
export interface StudioValues {
  modelId: string;
  prompt: string;
  input: ChosenInput | null;
  params: ParamValues;
}

export const studioValues = (view: AiOperationView, draft: Draft): StudioValues => ({
  modelId: draft.modelId ?? defaultModel(view),
  prompt: draft.prompt,
  input: draft.input,
  params: draft.params ?? initialParamValues(view.params),
});

/** The fields the core's issues may name: the three and one per parameter. */
export const studioFields = (view: AiOperationView) => [
  'modelId',
  'prompt',
  'input',
  ...view.params.map((p) => `params.${p.name}` as const),
];

/** The request the values make. */
export function submitInput(view: AiOperationView, v: StudioValues): AiSubmitInput {
  return {
    operation: view.operation,
    modelId: v.modelId.trim(),
    params: paramsFromValues(view.params, v.params).params,
    ...(view.input === 'text' ? { prompt: v.prompt.trim() } : v.input ? { input: v.input.ref } : {}),
  };
}

/**
 * The operation's form as a schema: what it needs (a prompt or a media input), its parameters'
 * specs, then the request's own schema.
 */
export function studioSchema(view: AiOperationView) {
  const needsInput = view.input !== 'text';
  return z
    .object({
      modelId: z.string().trim().min(1, 'Choose or type a model'),
      prompt: view.input === 'text' ? z.string().trim().min(1, 'Enter a prompt') : z.string(),
      input: z
        .custom<ChosenInput | null>()
        .refine((v) => !needsInput || v !== null, view.input === 'text' ? '' : `Choose ${inputKindNouns[view.input]}`),
      params: paramsSchema(view.params),
    })
    .transform((v) => submitInput(view, v))
    .pipe(AiSubmitInput);
}
