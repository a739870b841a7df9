import { zodResolver } from '@hookform/resolvers/zod';
import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { AiOperationView } from '../../shared/ai';
import { messageAt } from '../forms/form-issues';
import { studioFields, studioSchema, studioValues, submitInput, type StudioValues } from './studio-form';

const text2image: AiOperationView = {
  operation: 'text2image',
  input: 'text',
  output: 'image',
  models: ['mosaic-1'],
  recentModels: [],
  params: [{ name: 'width', label: 'Width', type: 'integer', min: 16, max: 2048, default: 512 }],
  media: 'none',
};
const image2video: AiOperationView = {
  ...text2image,
  operation: 'image2video',
  input: 'image',
  output: 'video',
  params: [],
  media: 'url',
};
const empty = { modelId: null, prompt: '', params: null, input: null };

async function check(view: AiOperationView, values: StudioValues) {
  const form = createFormControl<StudioValues, unknown, StudioValues>({
    defaultValues: values,
    resolver: zodResolver(studioSchema(view), undefined, { raw: true }),
  });
  let sent = false;
  await form.handleSubmit(() => {
    sent = true;
  })();
  return { sent, errors: form.formControl.control._formState.errors };
}

describe('studio form: the operation’s schema', () => {
  it('starts from the default model and the parameters’ defaults', () => {
    expect(studioValues(text2image, empty)).toEqual({
      modelId: 'mosaic-1',
      prompt: '',
      input: null,
      params: { width: '512' },
    });
    expect(studioFields(text2image)).toEqual(['modelId', 'prompt', 'input', 'params.width']);
  });

  it('asks for a prompt and a model, and checks each parameter against its spec, beside each field', async () => {
    const { sent, errors } = await check(text2image, {
      modelId: ' ',
      prompt: '  ',
      input: null,
      params: { width: '10.5' },
    });
    expect(sent).toBe(false);
    expect(messageAt(errors, 'modelId')).toBe('Choose or type a model');
    expect(messageAt(errors, 'prompt')).toBe('Enter a prompt');
    expect(messageAt(errors, 'params.width')).toBe('Enter a whole number');
  });

  it('asks for the media input of an operation that takes one', async () => {
    const { sent, errors } = await check(image2video, { modelId: 'clip-1', prompt: '', input: null, params: {} });
    expect(sent).toBe(false);
    expect(messageAt(errors, 'input')).toBe('Choose an image');
  });

  it('sends the request the values make, empty parameters left to the platform', async () => {
    const values = { modelId: ' mosaic-1 ', prompt: ' a fox ', input: null, params: { width: '' } };
    expect((await check(text2image, values)).sent).toBe(true);
    expect(submitInput(text2image, values)).toEqual({
      operation: 'text2image',
      modelId: 'mosaic-1',
      params: {},
      prompt: 'a fox',
    });
    const asset = { ref: { kind: 'asset' as const, assetId: 'a1' }, name: 'Fox' };
    expect(submitInput(image2video, { modelId: 'clip-1', prompt: '', input: asset, params: {} })).toEqual({
      operation: 'image2video',
      modelId: 'clip-1',
      params: {},
      input: { kind: 'asset', assetId: 'a1' },
    });
  });
});
