import { describe, expect, it } from 'vitest';
import { parseProfile, type PlatformProfile } from '../../../shared/profile';
import { sandboxProfile } from './builtin-profiles';
import { teachList, TeachListError, type ListTeachRequest } from './teach-list';

const answer = {
  data: {
    records: [
      { uuid: 'r-1', title: 'First', meta: { uuid: 'm-1' }, tags: ['a', 'b'] },
      { uuid: 'r-2', title: 'Second', meta: { uuid: 'm-2' }, tags: [] },
    ],
    total: 2,
  },
};

const custom: PlatformProfile = {
  ...structuredClone(sandboxProfile),
  id: 'acme',
  name: 'Acme',
  embeddedSandbox: false,
  baseUrl: 'https://api.acme.test',
};

const teach = (profile: PlatformProfile, over: Partial<ListTeachRequest> & { itemsPath: string }) =>
  teachList(profile, { answer, builtin: profile.id === 'sandbox', takenIds: ['sandbox', 'platform', 'acme'], ...over });

/** What the user gets wrong, in words, and which input it is about. */
function refusal(
  profile: PlatformProfile,
  over: Partial<ListTeachRequest> & { itemsPath: string },
): { field: string; message: string } {
  try {
    teach(profile, over);
  } catch (e) {
    if (e instanceof TeachListError) return { field: e.field, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('teaching where the records are', () => {
  it.each([
    [
      'a built-in profile becomes a copy',
      sandboxProfile,
      [],
      { id: 'sandbox-custom', name: 'Sandbox (custom)', copy: true },
    ],
    [
      'a copy never overwrites an older one',
      sandboxProfile,
      ['sandbox-custom'],
      { id: 'sandbox-custom-2', name: 'Sandbox (custom)', copy: true },
    ],
    ['a custom profile gets a new revision of itself', custom, [], { id: 'acme', name: 'Acme', copy: false }],
  ] as const)('%s', (_name, profile, taken, expected) => {
    const taught = teach(profile, { itemsPath: 'data.records', takenIds: [...taken, 'sandbox', 'acme'] });
    expect({ id: taught.profile.id, name: taught.profile.name, copy: taught.copy }).toEqual(expected);
    // Nothing else changes: the same profile with only the items field (and identity) moved.
    const expectedProfile = {
      ...profile,
      id: expected.id,
      name: expected.name,
      records: { ...profile.records, itemsField: 'data.records' },
    };
    expect(taught.profile).toEqual(expectedProfile);
    expect(parseProfile(taught.profile).success).toBe(true);
  });

  it.each([
    ['the list itself', 'data.records'],
    ['one record', 'data.records.0'],
    ['a field of a record', 'data.records.1.title'],
    ['a field written with brackets', 'data.records[0].title'],
    ['every record’s field', 'data.records.*.uuid'],
    ['every record’s field, brackets', 'data.records[].uuid'],
    ['a list inside a record', 'data.records.0.tags.1'],
    ['a nested field of a record', 'data.records.0.meta.uuid'],
  ])('pointing at %s (%s) names the list "data.records"', (_name, itemsPath) => {
    expect(teach(custom, { itemsPath }).itemsField).toBe('data.records');
  });

  it.each([
    ['data.records.0.uuid', 'uuid'],
    ['data.records.1.title', 'title'],
    ['data.records.*.uuid', 'uuid'],
    ['data.records[1].uuid', 'uuid'],
  ])('the id at %s is the record’s field "%s", and a field the server owns', (idPath, idField) => {
    const taught = teach(custom, { itemsPath: 'data.records', idPath });
    expect(taught).toMatchObject({ itemsField: 'data.records', idField, note: null });
    expect(taught.profile.records).toMatchObject({ itemsField: 'data.records', idField });
    expect(taught.profile.records.serverFields).toEqual([...custom.records.serverFields, idField]);
  });

  it('an id the profile already names among the server fields is not added twice', () => {
    const taught = teach(custom, {
      itemsPath: 'data.records',
      answer: { data: { records: [{ id: 7 }] } },
      idPath: 'data.records.0.id',
    });
    expect(taught.profile.records.serverFields).toEqual(custom.records.serverFields);
  });

  it('says before saving when the records still lack the id the profile names', () => {
    expect(teach(custom, { itemsPath: 'data.records' }).note).toContain('no "id"');
    expect(teach(custom, { itemsPath: 'data.records', answer: { data: { records: [] } } }).note).toBeNull();
  });

  it.each([
    ['an object that is not in a list', { itemsPath: 'data' }, 'itemsPath', 'is not a list and is not inside one'],
    ['a value that is not in a list', { itemsPath: 'data.total' }, 'itemsPath', 'is not a list and is not inside one'],
    ['a field the answer does not have', { itemsPath: 'data.rows.0.id' }, 'itemsPath', '"data.rows" is not a list'],
    ['not a path', { itemsPath: 'data..records' }, 'itemsPath', 'not a field path'],
    [
      'an answer that is itself a list',
      { itemsPath: '0.id', answer: [{ id: 1 }] },
      'itemsPath',
      'answer is itself a list',
    ],
    [
      'an id outside the records',
      { itemsPath: 'data.records', idPath: 'data.total' },
      'idPath',
      'not a field of a record in "data.records"',
    ],
    ['a whole record as the id', { itemsPath: 'data.records', idPath: 'data.records.0' }, 'idPath', 'whole record'],
    [
      'an id inside a nested object',
      { itemsPath: 'data.records', idPath: 'data.records.0.meta.uuid' },
      'idPath',
      '"meta.uuid" is inside "meta"',
    ],
    ['an id that is a list', { itemsPath: 'data.records', idPath: 'data.records.0.tags' }, 'idPath', 'not an id'],
    [
      'what the profile already reads',
      { itemsPath: 'items.0', answer: { items: [{ id: 1 }] } },
      'itemsPath',
      'already reads the records at "items"',
    ],
  ] as const)('refuses %s in words', (_name, over, field, words) => {
    const found = refusal(custom, over);
    expect(found.field).toBe(field);
    expect(found.message).toContain(words);
  });
});
