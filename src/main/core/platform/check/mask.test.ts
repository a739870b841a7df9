import { describe, expect, it } from 'vitest';
import { SecretRegistry } from '../../redact';
import type { Answer } from './answer';
import { MAX_RAW_CHARS, maskedRaw } from './mask';

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
