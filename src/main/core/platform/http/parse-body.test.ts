import { describe, expect, it } from 'vitest';
import { htmlMessage } from './html-message';
import { parseBody, serverMessage } from './parse-body';
import { jsonMessage } from './server-message';

describe('parseBody', () => {
  it('reads empty and blank bodies as null', () => {
    expect(parseBody('', 'application/json')).toEqual({ kind: 'empty', value: null });
    expect(parseBody(' \n ', null)).toEqual({ kind: 'empty', value: null });
  });

  it('reads JSON by content-type, by +json, and by sniffing when the type is missing', () => {
    expect(parseBody('{"a":1}', 'application/json; charset=utf-8')).toEqual({ kind: 'json', value: { a: 1 } });
    expect(parseBody('{"title":"x"}', 'application/problem+json')).toEqual({ kind: 'json', value: { title: 'x' } });
    expect(parseBody('[1,2]', null)).toEqual({ kind: 'json', value: [1, 2] });
    expect(parseBody('{"a":1}', 'application/octet-stream')).toEqual({ kind: 'json', value: { a: 1 } });
  });

  it('calls truncated JSON malformed, but leaves plain text that starts with a brace alone', () => {
    expect(parseBody('{"items":[{"id":1},{"id"', 'application/json').kind).toBe('malformed');
    expect(parseBody('{"items":[', null).kind).toBe('malformed');
    expect(parseBody('{not json}', 'text/plain')).toEqual({ kind: 'text', value: '{not json}' });
  });

  it('recognises HTML by content-type or by its look', () => {
    expect(parseBody('<html><title>x</title></html>', 'text/html').kind).toBe('html');
    expect(parseBody('<!DOCTYPE html><html></html>', null).kind).toBe('html');
    expect(parseBody('hello', 'text/plain')).toEqual({ kind: 'text', value: 'hello' });
  });
});

describe('server messages', () => {
  it('finds the message in the common JSON error shapes', () => {
    expect(jsonMessage({ error: { message: 'Token expired', code: 'E1' } })).toBe('Token expired');
    expect(jsonMessage({ message: 'Not your post' })).toBe('Not your post');
    expect(jsonMessage({ error: 'quota exceeded' })).toBe('quota exceeded');
    expect(jsonMessage({ detail: 'title is required' })).toBe('title is required');
    expect(jsonMessage({ error: 'invalid_grant', error_description: 'Refresh token revoked' })).toBe(
      'Refresh token revoked',
    );
    expect(jsonMessage({ detail: [{ loc: ['body', 'title'], msg: 'field required' }] })).toBe('field required');
    expect(jsonMessage({ errors: [{ message: 'caption too long' }] })).toBe('caption too long');
    expect(jsonMessage({ ok: false })).toBeUndefined();
    expect(jsonMessage(['x'])).toBeUndefined();
    expect(jsonMessage('just a string')).toBeUndefined();
  });

  it('takes an HTML page title, else its first heading, with tags and entities cleaned', () => {
    expect(
      htmlMessage(
        '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>',
      ),
    ).toBe('502 Bad Gateway');
    expect(htmlMessage('<body><h1 class="x">Service <b>down</b> &amp; out&#33;</h1></body>')).toBe(
      'Service down & out!',
    );
    expect(htmlMessage('<title>  </title><h2>Maintenance\n  window</h2>')).toBe('Maintenance window');
    expect(htmlMessage('<p>nothing to see</p>')).toBeUndefined();
  });

  it('caps long messages at about 300 characters', () => {
    const long = 'x'.repeat(5000);
    expect(htmlMessage(`<title>${long}</title>`)?.length).toBeLessThanOrEqual(300);
    expect(jsonMessage({ message: long })?.length).toBeLessThanOrEqual(300);
  });

  it('uses the first line of a plain-text answer and nothing from malformed or empty ones', () => {
    expect(serverMessage(parseBody('\nupstream connect error\nmore detail', 'text/plain'))).toBe(
      'upstream connect error',
    );
    expect(serverMessage(parseBody('{"error":{"mess', 'application/json'))).toBeUndefined();
    expect(serverMessage(parseBody('', null))).toBeUndefined();
  });
});
