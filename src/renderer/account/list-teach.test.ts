import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CheckLine, ConnectionCheckResult, ListAnswer } from '../../shared/connection-check';
import type { AtelierApi } from '../../shared/backend';
import { BackendContext } from '../backend/context';
import { CheckReport } from './CheckReport';
import {
  describeChoice,
  groupOfLine,
  initialChoice,
  initialMode,
  mergeRecheck,
  pointAt,
  teachInput,
  type ListChoice,
} from './list-teach';

const answer = {
  data: {
    records: [
      { uuid: 'r-1', title: 'First', meta: { owner: 'm-1' }, tags: ['a', 'b'], count: 3 },
      { uuid: 'r-2', title: 'Second', meta: { owner: 'm-2' }, tags: [], count: 0 },
    ],
    total: 2,
  },
};
const source: ListAnswer = { answer, itemsField: 'items', idField: 'id' };
const none: ListChoice = { items: null, id: null, problem: null };

describe('choosing where the records are by pointing into the answer', () => {
  it.each([
    ['the list itself', 'data.records'],
    ['a whole record', 'data.records.1'],
    ['a leaf of a record', 'data.records.0.title'],
    ['a leaf inside a record’s object', 'data.records.0.meta.owner'],
    ['a leaf inside a list of a record', 'data.records.0.tags.1'],
  ])('a click on %s (%s) chooses the list "data.records"', (_name, path) => {
    expect(pointAt(none, 'items', path, answer)).toEqual({ items: 'data.records', id: null, problem: null });
  });

  it.each([
    ['an object outside any list', 'data', 'not a list and is not inside one'],
    ['a value outside any list', 'data.total', 'not a list and is not inside one'],
  ])('a click on %s keeps the choice and says why', (_name, path, words) => {
    const chosen: ListChoice = { items: 'data.records', id: null, problem: null };
    const next = pointAt(chosen, 'items', path, answer);
    expect(next).toMatchObject({ items: 'data.records', id: null });
    expect(next.problem).toContain(words);
  });

  it('pointing at an id chooses the record’s field and the list holding it, even with no list chosen yet', () => {
    const next = pointAt(none, 'id', 'data.records.1.uuid', answer);
    expect(next).toEqual({ items: 'data.records', id: 'data.records.1.uuid', problem: null });
    expect(describeChoice(source, next)).toEqual({ itemsField: 'data.records', idField: 'uuid' });
    expect(teachInput('posts', next)).toEqual({
      group: 'posts',
      itemsPath: 'data.records',
      idPath: 'data.records.1.uuid',
    });
  });

  it.each([
    ['a field inside a record’s object', 'data.records.0.meta.owner', 'inside "meta"'],
    ['a whole record', 'data.records.0', 'whole record'],
    ['a list of a record', 'data.records.0.tags', 'does not hold an id'],
    ['a value outside the records', 'data.total', 'not a list and is not inside one'],
  ])('an id at %s is refused in words', (_name, path, words) => {
    expect(pointAt(none, 'id', path, answer).problem).toContain(words);
  });

  it('a number is an id; choosing another list forgets an id that is not in it', () => {
    const withId = pointAt(none, 'id', 'data.records.0.count', answer);
    expect(withId.problem).toBeNull();
    const other = { data: { records: [{ id: 1 }] }, more: [{ id: 2 }] };
    expect(pointAt(withId, 'items', 'more.0', other)).toEqual({ items: 'more', id: null, problem: null });
    expect(pointAt(withId, 'items', 'data.records', other).id).toBe('data.records.0.count');
  });

  it(
    'starts from the profile’s list when the answer has it (only the ids were missing), ' +
      'else asks for the list first',
    () => {
      const idsMissing = initialChoice({ answer: { items: [{ key: 'k' }] }, itemsField: 'items', idField: 'id' });
      expect(idsMissing).toEqual({ items: 'items', id: null, problem: null });
      expect(initialMode(idsMissing)).toBe('id');
      const listMissing = initialChoice(source);
      expect(listMissing.items).toBeNull();
      expect(initialMode(listMissing)).toBe('items');
      expect(teachInput('posts', listMissing)).toBeNull();
      expect(describeChoice(source, listMissing)).toEqual({ itemsField: null, idField: 'id' });
    },
  );

  it('knows a group line from the others', () => {
    expect(groupOfLine('group.contentPlans')).toBe('contentPlans');
    expect(groupOfLine('group.nothing')).toBeNull();
    expect(groupOfLine('ai.text2image')).toBeNull();
  });
});

const line = (over: Partial<CheckLine>): CheckLine => ({
  id: 'group.posts',
  section: 'groups',
  label: 'Posts',
  outcome: 'fail',
  request: 'GET /v2/posts?limit=1',
  status: 200,
  summary: 'The answer has no list at "items".',
  serverWords: null,
  field: 'records.itemsField',
  hint: null,
  raw: '{}',
  ...over,
});

const checked: ConnectionCheckResult = {
  checkedAt: '2026-05-01T12:00:00Z',
  baseUrl: 'http://127.0.0.1:4000',
  profile: { id: 'shop', name: 'Shop' },
  ranJobs: false,
  diagnosis: { message: '2 checks fail for the same reason.', field: 'records.itemsField' },
  lines: [
    line({ id: 'validate', section: 'auth', label: 'Token validation', outcome: 'pass', field: null }),
    line({ listAnswer: source }),
    line({ id: 'group.assets', label: 'Assets', listAnswer: source }),
  ],
};

describe('the checklist after teaching', () => {
  const pass = (id: string, label: string) =>
    line({ id, label, outcome: 'pass', field: null, summary: 'A list at "data.records".' });

  it('replaces the lines checked again, names the new profile and drops a shared cause no line fails on', () => {
    const merged = mergeRecheck(checked, {
      profile: { id: 'shop', name: 'Shop' },
      lines: [pass('group.posts', 'Posts'), pass('group.assets', 'Assets')],
    });
    expect(merged.lines.map((l) => [l.id, l.outcome])).toEqual([
      ['validate', 'pass'],
      ['group.posts', 'pass'],
      ['group.assets', 'pass'],
    ]);
    expect(merged.diagnosis).toBeNull();
  });

  it('keeps the shared cause while a line still fails on it', () => {
    const merged = mergeRecheck(checked, {
      profile: { id: 'shop-custom', name: 'Shop (custom)' },
      lines: [pass('group.posts', 'Posts')],
    });
    expect(merged.profile.name).toBe('Shop (custom)');
    expect(merged.diagnosis).toEqual(checked.diagnosis);
  });

  it('offers teaching on the group lines that kept an answer, and nowhere else', () => {
    const html = renderToStaticMarkup(
      createElement(
        BackendContext.Provider,
        // Drawing sends nothing: the backend is never called.
        { value: {} as AtelierApi },
        createElement(
          QueryClientProvider,
          { client: new QueryClient() },
          createElement(CheckReport, { result: checked }),
        ),
      ),
    );
    expect(html).toContain('data-testid="teach-list-posts"');
    expect(html).toContain('data-testid="teach-list-assets"');
    expect(html.match(/Teach Atelier where the records are/g)).toHaveLength(2);
    expect(html).toContain('data-path="data.records"');
  });
});
