import { describe, expect, it } from 'vitest';
import {
  findFirst,
  formatPath,
  isFieldPath,
  isRequestField,
  leaves,
  parsePath,
  readFirst,
  readFirstText,
  readPath,
  setPath,
} from './field-path';

const answer = {
  error: { code: 'E1', detail: 'login or secret is wrong' },
  errors: [{ message: 'first' }, { message: 'second' }],
  data: { items: [{ id: 1, url: 'https://a' }, { id: 2, url: 'https://b' }, { id: 3 }] },
  empty: '',
  zero: 0,
};

describe('field paths', () => {
  it.each([
    ['error.detail', ['error', 'detail']],
    ['errors.0.message', ['errors', 0, 'message']],
    ['errors[0].message', ['errors', 0, 'message']],
    ['[0].id', [0, 'id']],
    ['data.items.*.url', ['data', 'items', '*', 'url']],
    ['data.items[].url', ['data', 'items', '*', 'url']],
    ['a-b.c d', ['a-b', 'c d']],
  ])('parses %s', (path, segments) => {
    expect(parsePath(path)).toEqual(segments);
    expect(isFieldPath(path)).toBe(true);
  });

  it.each(['', '.a', 'a.', 'a..b', 'a[x]', 'a[0', 'x'.repeat(301)])('refuses %j', (path) => {
    expect(parsePath(path)).toBeNull();
    expect(readPath(answer, path)).toBeUndefined();
  });

  it('reads objects, indexes and every item of a list', () => {
    expect(readPath(answer, 'error.detail')).toBe('login or secret is wrong');
    expect(readPath(answer, 'errors[1].message')).toBe('second');
    expect(readPath(answer, 'data.items.*.url')).toEqual(['https://a', 'https://b']);
    expect(readPath(answer, 'data.items.*.missing')).toBeUndefined();
    expect(readPath(answer, 'errors.9.message')).toBeUndefined();
    expect(readPath(answer, 'zero')).toBe(0);
    expect(readPath('text', 'a')).toBeUndefined();
  });

  it('does not read inherited properties', () => {
    expect(readPath({}, 'constructor')).toBeUndefined();
    expect(readPath({ a: {} }, 'a.__proto__')).toBeUndefined();
  });

  it('takes the first alias with a value; text readers skip objects', () => {
    expect(readFirst(answer, ['empty', 'nothing', 'error.code'])).toBe('E1');
    expect(readFirstText(answer, ['error', 'error.detail'])).toBe('login or secret is wrong');
    expect(readFirstText({ n: 7 }, ['n'])).toBe('7');
    expect(findFirst(answer, ['x', 'errors.0.message'])).toEqual({ path: 'errors.0.message', value: 'first' });
    expect(findFirst(answer, undefined)).toBeNull();
  });

  it('builds nested request bodies and refuses what cannot be a field to send', () => {
    const body: Record<string, unknown> = {};
    setPath(body, 'data.username', 'u');
    setPath(body, 'data.password', 'p');
    setPath(body, 'client_id', 'c');
    expect(body).toEqual({ data: { username: 'u', password: 'p' }, client_id: 'c' });
    expect(() => setPath(body, 'a.0', 1)).toThrow();
    expect(() => setPath(body, '__proto__.x', 1)).toThrow();
    expect(() => setPath(body, 'a..b', 1)).toThrow();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('lists every leaf with its path, which reads back the same value', () => {
    const all = leaves(answer);
    expect(all).toContainEqual({ path: 'data.items.1.url', value: 'https://b' });
    for (const { path, value } of all) expect(readPath(answer, path)).toEqual(value);
    expect(formatPath(['a', 0, '*'])).toBe('a.0.*');
    expect(leaves({ big: Array.from({ length: 50 }, (_, i) => i) }, 10)).toHaveLength(10);
  });
});

describe('fields to send', () => {
  it.each(['username', 'data.username', 'a-b.c_d'])('accepts %s', (p) => expect(isRequestField(p)).toBe(true));
  it.each(['users.*.name', 'items[0]', 'a.0', 'a..b', '__proto__.x', 'a.constructor', ''])('refuses %j', (p) =>
    expect(isRequestField(p)).toBe(false),
  );
});
