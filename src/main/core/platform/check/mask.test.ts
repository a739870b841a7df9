import { describe, expect, it } from 'vitest';
import { SecretRegistry } from '../../redact';
import type { Answer } from './answer';
import { boundJson } from './bound-json';
import { MAX_RAW_CHARS, maskedAnswer, maskedRaw } from './mask';

const ans = (body: unknown, status: number | null = 200): Answer => ({ status, body, words: null, problem: null });

describe('raw answers as shown', () => {
  const registry = new SecretRegistry();
  registry.add('sbx_at_known_access_token_value');
  registry.add('client-secret-0123456789');

  it('masks known secrets anywhere, credential-named fields always, and keeps the field names', () => {
    const raw = maskedRaw(
      ans({
        access_token: 'a-brand-new-token-never-seen',
        refreshToken: 'another-new-one-never-seen',
        token_type: 'Bearer',
        refresh_token_expires_at: '2026-01-01T00:00:00Z',
        nested: { echo: 'you sent sbx_at_known_access_token_value', clientSecret: 'x' },
        list: [{ api_key: 'ak_1234567890' }],
        header: 'Authorization: Bearer abc.def.ghi',
      }),
      registry,
    );
    expect(raw).not.toMatch(/never-seen|sbx_at_known|ak_1234567890|abc\.def\.ghi/);
    expect(raw).toContain('"access_token": "[redacted]"');
    expect(raw).toContain('"refreshToken": "[redacted]"');
    expect(raw).toContain('"clientSecret": "[redacted]"');
    expect(raw).toContain('"token_type": "Bearer"');
    expect(raw).toContain('"refresh_token_expires_at": "2026-01-01T00:00:00Z"');
    expect(raw).toContain('you sent [redacted]');
  });

  it('masks secrets in text answers too', () => {
    expect(maskedRaw(ans('<html>client-secret-0123456789</html>', 500), registry)).toBe('<html>[redacted]</html>');
  });

  it('cuts long answers to a few KB and says how much is left out', () => {
    const raw = maskedRaw(ans({ text: 'x'.repeat(10_000) }), registry) ?? '';
    expect(raw.length).toBeLessThan(MAX_RAW_CHARS + 100);
    expect(raw).toMatch(/… \(\d+ more characters not shown\)$/);
  });

  it('no answer has no raw text; an empty one says so', () => {
    expect(maskedRaw(null, registry)).toBeNull();
    expect(maskedRaw(ans(null, null), registry)).toBeNull();
    expect(maskedRaw(ans(null, 204), registry)).toBe('(an empty answer)');
  });
});

describe('answers kept for pointing into', () => {
  const registry = new SecretRegistry();
  registry.add('sbx_at_known_access_token_value');

  it('are parsed, with secrets masked as in the raw text and the paths unchanged', () => {
    const kept = maskedAnswer(
      ans({
        data: { records: [{ id: 'r1', owner_token: 'sbx_at_known_access_token_value', access_token: 'new-one' }] },
      }),
      registry,
    );
    expect(kept).toEqual({ data: { records: [{ id: 'r1', owner_token: '[redacted]', access_token: '[redacted]' }] } });
  });

  it('are only kept for JSON with fields', () => {
    expect(maskedAnswer(ans('<html>oops</html>', 200), registry)).toBeNull();
    expect(maskedAnswer(ans(null, 204), registry)).toBeNull();
    expect(maskedAnswer(ans(null, null), registry)).toBeNull();
    expect(maskedAnswer(ans([{ id: 1 }]), registry)).toEqual([{ id: 1 }]);
  });

  it('are bounded: lists keep their first items, long strings their start; deep values, long keys are left out', () => {
    const bounds = { maxItems: 3, maxString: 10, maxDepth: 3, maxNodes: 1000 };
    const kept = boundJson(
      { list: [1, 2, 3, 4, 5], text: 'x'.repeat(25), a: { b: { c: { d: 1 } } }, ['k'.repeat(201)]: 1 },
      bounds,
    );
    expect(kept).toEqual({ list: [1, 2, 3], text: `${'x'.repeat(10)}… (25 characters)`, a: { b: { c: {} } } });
  });

  it('stop at a number of values, however the answer is shaped', () => {
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, i]));
    const kept = boundJson({ records: Array.from({ length: 50 }, () => wide) });
    expect(JSON.stringify(kept).length).toBeLessThan(20_000);
    expect(kept).toMatchObject({ records: [{ f0: 0, f1: 1 }] });
  });

  it('keep a "__proto__" key as a plain field', () => {
    const kept = boundJson(JSON.parse('{"__proto__": {"polluted": true}, "items": []}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept)).toEqual(['__proto__', 'items']);
  });
});
