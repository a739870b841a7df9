import type { PlatformProfileInput } from '../../../../shared/profile';
import { platformProfile } from '../builtin-profiles';
import type { AuthOperations, AuthStep } from './auth-operations';
import type { ProposalContext } from './findings';
import { successResponse } from './operations';
import { facts, leavesOf, type Leaf } from './schema-walk';

type Auth = PlatformProfileInput['auth'];
type ResponseFields = Auth['responseFields'];
type Key = keyof ResponseFields;

/** Atelier's usual names (the built-in profiles'), for a document that shows no answers at all. */
const USUAL = platformProfile.auth.responseFields;

const ALL: AuthStep[] = ['login', 'refresh', 'validate'];
const RULES: { key: Key; steps: AuthStep[]; match: (l: Leaf) => boolean }[] = [
  {
    key: 'accessToken',
    steps: ['login', 'refresh'],
    match: (l) => /^(access[_-]?token|token|id[_-]?token|jwt|bearer[_-]?token)$/i.test(l.name),
  },
  { key: 'refreshToken', steps: ['login', 'refresh'], match: (l) => /^refresh[_-]?token$/i.test(l.name) },
  { key: 'expiresIn', steps: ALL, match: (l) => /^(expires[_-]?in|ttl)$/i.test(l.name) },
  {
    key: 'expiresAt',
    steps: ALL,
    match: (l) => /^(expires[_-]?at|expiry|expiration|expiration[_-]?time|exp|expires)$/i.test(l.name),
  },
  {
    key: 'accountId',
    steps: ALL,
    match: (l) =>
      /^(account[_-]?id|user[_-]?id|sub)$/i.test(l.name) || (l.name === 'id' && /^(user|account)$/i.test(l.parent)),
  },
  { key: 'valid', steps: ['validate'], match: (l) => /^(valid|is[_-]?valid|active)$/i.test(l.name) },
];

interface Answer {
  step: AuthStep;
  place: string;
  leaves: Leaf[];
}

function answersOf(ops: AuthOperations): Answer[] {
  return ALL.flatMap((step) => {
    const op = ops[step];
    const res = op ? successResponse(op) : null;
    if (!op || !res || res.schema === undefined) return [];
    return [{ step, place: `${op.label} answer ${res.status}`, leaves: leavesOf(res.schema) }];
  });
}

/** Where tokens, expiry, account and validity are in the answers of login, refresh and validate. */
export function proposeResponseFields(
  ctx: ProposalContext,
  ops: AuthOperations,
): Pick<Auth, 'responseFields' | 'expiry'> {
  const answers = answersOf(ops);
  if (answers.every((a) => a.leaves.length === 0)) {
    ctx.findings.add(
      'missing',
      'auth.responseFields',
      "no answer schema for login, refresh or validate; Atelier's usual names are kept",
    );
    return { responseFields: USUAL };
  }
  const out: Partial<Record<Key, string[]>> = {};
  const schemas: Partial<Record<Key, unknown>> = {};
  for (const rule of RULES) {
    const hits = answers
      .filter((a) => rule.steps.includes(a.step))
      .flatMap((a) => a.leaves.filter(rule.match).map((leaf) => ({ leaf, place: a.place })));
    const paths = [...new Set(hits.map((h) => h.leaf.path))];
    const field = `auth.responseFields.${rule.key}`;
    if (paths.length > 0) {
      out[rule.key] = paths;
      schemas[rule.key] = hits[0]?.leaf.schema;
      ctx.findings.add('found', field, hits.map((h) => `"${h.leaf.path}" (${h.place})`).join(', '));
    } else if (rule.key === 'accessToken') {
      out.accessToken = USUAL.accessToken;
      ctx.findings.add(
        'missing',
        field,
        "no access token in the login or refresh answers; Atelier's usual names are kept",
      );
    } else ctx.findings.add('missing', field, `not in the ${rule.steps.join(', ')} answers; left out`);
  }
  const { accessToken = USUAL.accessToken, ...rest } = out;
  return { responseFields: { accessToken, ...rest }, expiry: expiryFormats(ctx, schemas) };
}

/** date-time → ISO; numbers say seconds or milliseconds in their description, else "auto". */
function expiryFormats(ctx: ProposalContext, schemas: Partial<Record<Key, unknown>>): NonNullable<Auth['expiry']> {
  const at = schemas.expiresAt === undefined ? null : facts(schemas.expiresAt);
  const inn = schemas.expiresIn === undefined ? null : facts(schemas.expiresIn);
  const unit = (f: typeof at) =>
    /milli/i.test(f?.description ?? '') ? 'ms' : /second/i.test(f?.description ?? '') ? 's' : null;
  const expiresAt =
    at?.format === 'date-time'
      ? 'iso'
      : unit(at) === 'ms'
        ? 'unix-milliseconds'
        : unit(at) === 's'
          ? 'unix-seconds'
          : 'auto';
  const expiresIn = unit(inn) === 'ms' ? 'milliseconds' : unit(inn) === 's' ? 'seconds' : 'auto';
  if (at)
    ctx.findings.add(
      expiresAt === 'auto' ? 'guessed' : 'found',
      'auth.expiry.expiresAt',
      expiresAt === 'auto' ? 'its format is not stated: told apart by size and form' : `${expiresAt}, from its schema`,
    );
  if (inn)
    ctx.findings.add(
      expiresIn === 'auto' ? 'guessed' : 'found',
      'auth.expiry.expiresIn',
      expiresIn === 'auto' ? 'its unit is not stated: told apart by size' : `${expiresIn}, from its description`,
    );
  return { expiresIn, expiresAt };
}
