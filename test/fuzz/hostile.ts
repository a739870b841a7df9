// Values a careless or malicious caller could send across a boundary: the cases generators rarely
// reach by chance (lone surrogates, prototype keys, NaN, 1 MB strings, thousands of nesting levels).
import fc from 'fast-check';

/** An object whose keys are own properties even when named __proto__ (as JSON.parse makes them). */
export function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

export const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
];

const unicodeStrings = [
  '\uD800', // lone high surrogate
  '\uDC00tail', // lone low surrogate
  'a\uD83D', // surrogate cut in half at the end
  '\u202Egnp.exe', // right-to-left override
  '\u200F\u200E\u061C', // RTL/LTR marks
  'nul\u0000byte',
  '\u0000',
  `e${'\u0301'.repeat(300)}`, // a tower of combining accents
  '\uFEFFbom',
  '\u200B\u200C\u200D', // zero-width characters
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\u{10FFFF}\uFFFE\uFFFF',
  'ﷺ﷽',
  'İıſK', // case mappings that change length
  '\r\n\t\v\f',
  '   ',
  '',
];

const structuralStrings = [
  '../../../../etc/passwd',
  '..\\..\\windows\\system32',
  'C:\\Windows',
  '\\\\server\\share',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE records; --',
  '"*', // FTS5 syntax fragments
  'NEAR(a b',
  'a AND OR NOT',
  '*',
  '^',
  '"',
  '{{',
  '{{}}',
  '{{name}}}',
  '${x}',
  '%s%n%x',
  '%00',
  '%ZZ',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x10',
  '  42  ',
  '2024-02-30T00:00:00Z',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  '2024-13-01',
  'Invalid Date',
  '9999-12-31T23:59:59.999Z',
  'http://',
  'https://',
  'https://[::1',
  'http://127.0.0.1:0/',
  'https://user:pass@x.invalid/',
  'ftp://x.invalid/',
  ...PROTO_KEYS,
];

/** Strings that break naive code; huge ones stay under the 1 MB transport limit, one goes over. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...unicodeStrings, ...structuralStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(200, 201, 500, 501, 4096, 4097, 100_000, 400_000).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('\uD800', 'é', '\u0000', '👩‍👩‍👧‍👦').map((unit) => unit.repeat(20_000)) },
  { weight: 1, arbitrary: fc.constant('y'.repeat(1_100_000)) },
);

/** Numbers outside what any schema expects. */
export const hostileNumber: fc.Arbitrary<number> = fc.constantFrom(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  -1,
  0.5,
  -2_147_483_649,
  2 ** 31,
  2 ** 53,
  -(2 ** 53) - 2,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  -1e21,
  8.64e15 + 1, // one past the last valid Date
);

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i += 1) value = wrap(value);
  return value;
}

function cyclic(): unknown {
  const self: Record<string, unknown> = { name: 'loop' };
  self.self = self;
  return self;
}

/** Objects and arrays: deep, wide, cyclic, prototype-polluting, or types JSON cannot carry. */
const hostileStructure: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(10, 100, 5_000).map((d) => nested(d, (v) => [v])),
  fc.constantFrom(10, 100, 5_000).map((d) => nested(d, (v) => ({ a: v }))),
  fc
    .constant(null)
    .map(() => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown),
  fc.constantFrom(...PROTO_KEYS).map((k) => ownObject([[k, { polluted: true }]])),
  fc.constant(null).map(() => ownObject(Array.from({ length: 10_000 }, (_, i): [string, unknown] => [`k${i}`, i]))),
  fc.constant(null).map(() => new Array<number>(60_000).fill(0)),
  fc.constant(null).map(() => new Array<unknown>(5)), // holes
  fc.constant(null).map(() => cyclic()),
  // Structured clone (Electron IPC) carries these; JSON does not.
  fc.constant(null).map(() => new Date(Number.NaN)),
  fc.constant(null).map(() => new Date(8.64e15)),
  fc.constant(null).map(() => new Map([['a', 1]])),
  fc.constant(null).map(() => new Set([1])),
  fc.constant(null).map(() => new Uint8Array(8)),
  fc.constant(null).map(() => /re/g),
  fc.constant(10n),
);

/** Anything at all: the wrong type for whatever field it lands in. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, undefined, true, false, 0, '', [], {}) },
  { weight: 3, arbitrary: hostileStructure },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
