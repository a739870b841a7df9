// HTTP requests for one sandbox route: the method (or another), the path with its parameters, a
// query, headers and a body — shaped by the sandbox's own zod schemas, mutated, or hostile.
import { request as httpRequest, type Agent } from 'node:http';
import fc from 'fast-check';
import { z } from 'zod';
import { OPERATIONS } from '../../src/sandbox/ai/operations';
import { faultSpecSchema } from '../../src/sandbox/faults';
import { GROUPS } from '../../src/sandbox/resources/groups';
import { hostileString, hostileValue } from './hostile';
import { arbitraryFor, type DeriveOptions } from './zod-arbitrary';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** What the generator may use: live credentials and ids, a small real picture in base64. */
export interface RequestContext {
  ids: () => string[];
  token: () => string;
  apiKey: () => string;
  pngBase64: string;
  words: readonly string[];
}

const ai = (op: keyof typeof OPERATIONS) =>
  z.object({
    model_id: z.enum(Object.keys(OPERATIONS[op].models) as [string, ...string[]]),
    image: OPERATIONS[op].schema,
  });

/** The body the route means to read, as the sandbox's own schemas describe it (or a plain object). */
function bodySchema(method: string, pattern: string): z.ZodType {
  const group = GROUPS.find((g) => pattern.startsWith(`/v2/${g.path}`));
  if (group && method !== 'DELETE') return group.schema;
  const op = Object.keys(OPERATIONS).find((name) => pattern === `/v2/ai/${name}`) as
    keyof typeof OPERATIONS | undefined;
  if (op) return ai(op);
  const text = z.string().min(1).max(300);
  const byRoute: Record<string, z.ZodType> = {
    'POST /user/login': z.object({
      username: text,
      password: text,
      client_id: text.optional(),
      grant_type: text.optional(),
    }),
    'POST /user/token/validate': z.object({ token: text }),
    'POST /user/token/refresh': z.object({ refresh_token: text, client_id: text, client_secret: text }),
    'POST /account/api-keys': z.object({
      name: text.optional(),
      expires_at: z.iso.datetime({ offset: true }).optional(),
    }),
    'POST /v2/media-queue': z.object({
      items: z
        .array(z.object({ asset_id: text, note: text.optional() }).loose())
        .min(1)
        .max(5),
    }),
    'POST /_sandbox/faults': z.union([faultSpecSchema, z.object({ faults: z.array(faultSpecSchema).max(3) })]),
    'POST /_sandbox/expire': z.object({ what: z.enum(['access_tokens', 'refresh_tokens', 'api_keys']) }),
    'POST /_sandbox/clock': z.object({ advance_ms: z.int().min(-1e12).max(1e12) }),
    'POST /_sandbox/accounts': z.object({ username: text, password: text }),
    'PUT /_sandbox/rate-limit': z.union([
      z.object({ enabled: z.literal(false) }),
      z.object({ capacity: z.int().min(1).max(1e9), refill_per_second: z.number().min(0).max(1e9) }),
    ]),
    'PUT /_sandbox/dialect': z.object({ dialect: z.enum(['standard', 'camel', 'problem', 'oauth', 'klingon']) }),
  };
  return byRoute[`${method} ${pattern}`] ?? z.object({}).loose();
}

function bodyArb(method: string, pattern: string, ctx: RequestContext): fc.Arbitrary<Buffer | null> {
  const schema = bodySchema(method, pattern);
  const base: Omit<DeriveOptions, 'hostility'> = {
    ids: [],
    words: ctx.words,
    overrides: {
      'image.data': fc.oneof(
        fc.constant(ctx.pngBase64),
        fc.constant(`data:image/png;base64,${ctx.pngBase64}`),
        fc.base64String({ maxLength: 64 }),
        hostileString,
      ),
    },
  };
  const json = (value: unknown) => {
    try {
      return Buffer.from(JSON.stringify(value) ?? 'null');
    } catch {
      return Buffer.from('{"unserialisable":true}');
    }
  };
  const deep = (n: number) => Buffer.from(`${'['.repeat(n)}${']'.repeat(n)}`);
  return fc.oneof(
    { weight: 5, arbitrary: arbitraryFor(schema, { ...base, hostility: 0 }).map(json) },
    { weight: 5, arbitrary: arbitraryFor(schema, { ...base, hostility: 1 }).map(json) },
    { weight: 2, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', ' ', '{', '{"a":', '{"a":1,}', 'null', '[]', '"x"', '\u0000', '{"__proto__":{"x":1}}')
        .map((t) => Buffer.from(t)),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constantFrom(1_000, 100_000).map(deep) },
    { weight: 1, arbitrary: fc.constant(null).map(() => Buffer.alloc(1024 * 1024 + 10, 0x20)) },
  );
}

/** A path segment: a live id, a plain word, or something a router should survive. */
function segmentArb(ctx: RequestContext): fc.Arbitrary<string> {
  const raw = fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%00',
    '%2F',
    '%2e%2e',
    '..',
    '.',
    '%F0%9F%98',
    ';',
    '~',
    '%E2%80%AE',
  );
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constant(null)
        .chain(() => (ctx.ids().length > 0 ? fc.constantFrom(...ctx.ids()) : fc.constant('none'))),
    },
    { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent) },
    {
      weight: 2,
      arbitrary: hostileString
        .filter((s) => s.length > 0 && s.length < 20_000)
        .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))),
    },
    { weight: 1, arbitrary: raw },
  );
}

function pathArb(pattern: string, ctx: RequestContext): fc.Arbitrary<string> {
  const parts = pattern.split('/').map((part) => (part.startsWith(':') ? segmentArb(ctx) : fc.constant(part)));
  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom('limit', 'cursor', 'updated_since', 'include_deleted', 'since', 'q'),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    ),
    fc.oneof(
      fc.constantFrom('-1', '0', '1', '201', 'NaN', '1e309', 'true', '', '2024-02-30T00:00:00Z', 'x'.repeat(5000)),
      segmentArb(ctx),
    ),
    { maxKeys: 3 },
  );
  const tail = fc.oneof(
    { weight: 12, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('/', '//') },
  );
  return fc.tuple(fc.tuple(...parts), query, tail).map(([segments, q, end]) => {
    const search = Object.entries(q)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    return `${segments.join('/')}${end}${search ? `?${search}` : ''}`;
  });
}

/** Header values Node will send: visible ASCII and Latin-1, no line breaks. */
const headerText = fc.string({
  unit: fc.constantFrom(...'abcXYZ09 -_.:;=/+,"\'\t\u00e9\u00ff%'.split('')),
  maxLength: 40,
});

function headersArb(ctx: RequestContext): fc.Arbitrary<Record<string, string>> {
  const auth = fc.oneof(
    { weight: 6, arbitrary: fc.constant(null).map(() => `Bearer ${ctx.token()}`) },
    { weight: 2, arbitrary: fc.constant(null).map(() => `Bearer ${ctx.apiKey()}`) },
    { weight: 1, arbitrary: fc.constant(null).map(() => ctx.token()) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Basic Zm9vOmJhcg==',
        'Token abc',
        'Bearer a.b.c',
        `Bearer ${'a'.repeat(8000)}`,
      ),
    },
    { weight: 1, arbitrary: headerText },
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    '*/*',
    'garbage',
  );
  const extraName = fc.stringMatching(/^x-[a-z0-9-]{1,12}$/);
  return fc
    .record(
      {
        authorization: auth,
        'content-type': contentType,
        'idempotency-key': fc.oneof(fc.uuid(), headerText, fc.constant('k'.repeat(500))),
        accept: fc.constantFrom('application/json', '*/*', 'text/html', ''),
        extra: fc.dictionary(extraName, headerText, { maxKeys: 2 }),
      },
      { requiredKeys: ['authorization'] },
    )
    .map(({ extra, ...named }) => {
      const out: Record<string, string> = { ...extra };
      for (const [k, v] of Object.entries(named)) if (typeof v === 'string') out[k] = v;
      return out;
    });
}

export function requestArb(method: string, pattern: string, ctx: RequestContext): fc.Arbitrary<FuzzRequest> {
  const methods = fc.oneof(
    { weight: 12, arbitrary: fc.constant(method) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND') },
  );
  return fc.record({
    method: methods,
    path: pathArb(pattern, ctx),
    headers: headersArb(ctx),
    body: bodyArb(method, pattern, ctx),
  });
}

/** Send over real HTTP on loopback; resolves with the whole answer, or rejects on a broken connection. */
export function send(base: URL, req: FuzzRequest, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body) headers['content-length'] = req.body.length;
    const outgoing = httpRequest(
      { host: base.hostname, port: base.port, method: req.method, path: req.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body ?? undefined);
  });
}
