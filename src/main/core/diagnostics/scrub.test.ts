import { describe, expect, it } from 'vitest';
import { scrubPatterns } from './scrub';

describe('scrubPatterns', () => {
  it.each([
    ['Authorization: Bearer abc.def-ghi', 'abc.def-ghi'],
    ['{"refresh_token":"r-123456789","x":1}', 'r-123456789'],
    ['{"clientSecret": "cs\\"quoted"}', 'cs\\"quoted'],
    ['GET /x?access_token=tok123456&y=2', 'tok123456'],
    ['grant_type=password&password=hunter22', 'hunter22'],
    ['x-api-key: k-abcdef', 'k-abcdef'],
    ['proxy at https://bob:pa55word@example.com/path', 'pa55word'],
    [
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'eyJhbGciOiJIUzI1NiJ9',
    ],
    ['key sbx_ak_Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTA in a note', 'sbx_ak_Zm9vYmFy'],
    ['stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'sk_live_4eC39'],
    ['aws AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
  ])('removes the secret from %s', (text, secret) => {
    const out = scrubPatterns(text);
    expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
  });

  it('leaves ordinary text and non-secret settings alone', () => {
    const text =
      '{"theme":"dark","allowWeakSecretStorage":false,"msg":"token ' +
      'refreshed","sha256":"9f86d081884c7d659a2feaa0c55ad015"}';
    expect(scrubPatterns(text)).toBe(text);
  });
});
