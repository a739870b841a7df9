import { describe, expect, it } from 'vitest';
import { headerRecord, headerValue } from './header-record';

describe('headerRecord', () => {
  it('lower-cases names and trims values, as Headers does', () => {
    expect(headerRecord({ Authorization: ' Bearer abc\t', 'X-Api-Key': 'k' })).toEqual({
      authorization: 'Bearer abc',
      'x-api-key': 'k',
    });
    expect(headerRecord(undefined)).toEqual({});
  });

  it('joins names that differ only in case, as Headers does', () => {
    const given = { Accept: 'a', accept: 'b' };
    const headers = new Headers(given);
    expect(headerRecord(given)).toEqual({ accept: headers.get('accept') });
  });

  it('refuses, as Headers does, what no header can carry, without quoting the value', () => {
    const bads: Record<string, string>[] = [
      { 'X Key': 'v' },
      { 'X-Key[0]': 'v' },
      { a: 'line\nbreak' },
      { a: 'nul\0' },
      { a: 'wide\u1d7e' },
    ];
    for (const bad of bads) {
      expect(() => new Headers(bad)).toThrow(TypeError);
      expect(() => headerRecord(bad)).toThrow(/^invalid header (name|value)$/);
    }
    expect(() => headerValue('secret\r\nX: y')).toThrow('invalid header value');
  });
});
