import { zodResolver } from '@hookform/resolvers/zod';
import { createFormControl, type FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { RecordView } from '../../shared/records';
import { BackendError } from '../backend/call';
import { changesOf, fieldOfIssue, messageAt, recordSchema, splitFailure, withChecks } from './form-issues';

interface Creative {
  name: string;
  caption: string;
  asset_ids: string[];
}
const fields = (v: Creative) => ({ ...v, name: v.name.trim() });
const stored = (f: Record<string, unknown>): RecordView => ({
  id: 'c1',
  group: 'creatives',
  fields: f,
  remoteId: null,
  version: null,
  createdAt: '2026-05-01T09:00:00Z',
  updatedAt: '2026-05-01T09:00:00Z',
  deleted: false,
  syncState: 'local',
  pending: 0,
  failed: null,
});

/** A form as the editors make it (the group's schema through the zod resolver), without React. */
function creativeForm(values: Creative, check?: (v: Creative) => Partial<Record<string, string>>) {
  const resolver = withChecks<Creative>(
    zodResolver(recordSchema('creatives', fields), undefined, { raw: true }),
    check,
  );
  return createFormControl<Creative, unknown, Creative>({ defaultValues: values, resolver });
}

/** Submits the form: the values handed to the save, or the errors when they were refused. */
async function submit(form: ReturnType<typeof creativeForm>) {
  let sent: Creative | null = null;
  await form.handleSubmit((v) => {
    sent = v;
  })();
  return { sent, errors: form.formControl.control._formState.errors };
}

describe('record forms: validation with the group schema', () => {
  it('refuses an empty name with the schema’s words, beside the name', async () => {
    const { sent, errors } = await submit(creativeForm({ name: '   ', caption: '', asset_ids: [] }));
    expect(sent).toBeNull();
    expect(messageAt(errors, 'name')).toBe('Enter a name');
    expect(messageAt(errors, 'caption')).toBeUndefined();
  });

  it('hands the values as typed to the save when they are valid', async () => {
    const { sent } = await submit(creativeForm({ name: ' Spring ', caption: 'Hi', asset_ids: ['a1'] }));
    expect(sent).toEqual({ name: ' Spring ', caption: 'Hi', asset_ids: ['a1'] });
  });

  it('runs the checks no schema states, and their messages win', async () => {
    const form = creativeForm({ name: 'Spring', caption: 'x', asset_ids: [] }, (v) => ({
      caption: v.caption.length < 3 ? 'Write at least three letters.' : undefined,
    }));
    const { sent, errors } = await submit(form);
    expect(sent).toBeNull();
    expect(messageAt(errors, 'caption')).toBe('Write at least three letters.');
  });

  it('finds a message beneath a field (an action of a list)', () => {
    const errors: FieldErrors<{ actions: { tag: string }[] }> = {
      actions: [{}, { tag: { type: 'too_small', message: 'Enter the tag' } }],
    };
    expect(messageAt(errors, 'actions')).toBe('Enter the tag');
    expect(messageAt(errors, 'name')).toBeUndefined();
  });
});

describe('record forms: the core’s validation issues', () => {
  const refusal = new BackendError({
    code: 'validation',
    message: 'This creative is not valid.',
    issues: [
      { path: 'fields.name', message: 'Taken' },
      { path: 'asset_ids.2', message: 'No such asset' },
      { path: 'template_id', message: 'Unknown template' },
    ],
  });

  it('maps issue paths onto the form’s fields, "fields." prefix and nested paths included', () => {
    const names = ['name', 'caption', 'asset_ids'];
    expect(fieldOfIssue('fields.name', names)).toBe('name');
    expect(fieldOfIssue('asset_ids.2', names)).toBe('asset_ids');
    expect(fieldOfIssue('captions', names)).toBeUndefined();
  });

  it('places the issues it can and leaves the rest under the form', () => {
    const { placed, rest } = splitFailure(refusal, ['name', 'caption', 'asset_ids']);
    expect(placed).toEqual([
      { path: 'name', message: 'Taken' },
      { path: 'asset_ids', message: 'No such asset' },
    ]);
    expect(rest?.message).toBe('This creative is not valid.');
    expect(rest?.issues).toEqual([{ path: 'template_id', message: 'Unknown template' }]);
  });

  it('keeps the core’s message under the form when every issue has its field', () => {
    const { rest } = splitFailure(refusal, ['name', 'asset_ids', 'template_id']);
    expect(rest?.message).toBe('This creative is not valid.');
    expect(rest?.issues).toEqual([]);
  });

  it('keeps any other failure whole', () => {
    const { placed, rest } = splitFailure(
      new BackendError({ code: 'offline', message: 'The platform cannot be reached.' }),
      ['name'],
    );
    expect(placed).toEqual([]);
    expect(rest).toEqual({ code: 'offline', message: 'The platform cannot be reached.' });
    expect(splitFailure(new Error('boom'), ['name']).rest).toEqual({ code: 'internal', message: 'boom' });
  });
});

describe('record forms: dirty and reset', () => {
  it('sends every non-empty field for a new record', () => {
    expect(changesOf(null, fields({ name: 'Spring', caption: '', asset_ids: [] }))).toEqual({ name: 'Spring' });
  });

  it('is clean while the values make the stored fields, dirty once one differs, and removes emptied ones', () => {
    const record = stored({ name: 'Spring', caption: 'Hi', asset_ids: ['a1'], extra: 1 });
    expect(changesOf(record, fields({ name: 'Spring ', caption: 'Hi', asset_ids: ['a1'] }))).toEqual({});
    expect(changesOf(record, fields({ name: 'Summer', caption: '', asset_ids: ['a1'] }))).toEqual({
      name: 'Summer',
      caption: null,
    });
  });

  it('sends "always" fields as they are, even empty, and only when new or changed', () => {
    const record = stored({ text: 'Hello' });
    expect(changesOf(null, { text: '' }, ['text'])).toEqual({ text: '' });
    expect(changesOf(record, { text: '' }, ['text'])).toEqual({ text: '' });
    expect(changesOf(record, { text: 'Hello' }, ['text'])).toEqual({});
  });

  it('after a reset to what was saved the form holds those values and a new edit is seen', async () => {
    const form = creativeForm({ name: 'Spring', caption: '', asset_ids: [] });
    form.setValue('caption', 'Hi', { shouldDirty: true });
    const { sent } = await submit(form);
    expect(sent).not.toBeNull();
    form.reset(sent!);
    const saved = stored(changesOf(null, fields(form.getValues())));
    expect(changesOf(saved, fields(form.getValues()))).toEqual({});
    form.setValue('name', 'Autumn');
    expect(changesOf(saved, fields(form.getValues()))).toEqual({ name: 'Autumn' });
  });
});
