import { at, type ProposalContext } from './findings';
import { wordsOf, type Operation } from './operations';

export type AuthStep = 'login' | 'refresh' | 'validate';

/** The paths platform-api.md publishes; a document that says nothing keeps them. */
export const PUBLISHED_AUTH_PATHS: Record<AuthStep, string> = {
  login: '/user/login',
  refresh: '/user/token/refresh',
  validate: '/user/token/validate',
};

const PATH_HINTS: Record<AuthStep, RegExp> = {
  refresh: /refresh/i,
  validate: /validat|verif|introspect/i,
  login: /(log-?in|sign-?in|sessions?|(auth|oauth)\/token)\/?$/i,
};

const WORD_HINTS: Record<AuthStep, RegExp> = {
  refresh: /\brefresh/,
  validate: /\b(validat|verif|introspect)/,
  login: /\b(log ?in|sign ?in|authenticat)/,
};

/** Refresh and validate are looked for first, so "token" in a login pattern cannot take them. */
const ORDER: AuthStep[] = ['refresh', 'validate', 'login'];

export type AuthOperations = Record<AuthStep, Operation | null>;

/** The login, refresh and validate operations (POST), by the published path, then by path or words. */
export function findAuthOperations(ctx: ProposalContext): AuthOperations {
  const taken = new Set<Operation>();
  const out: AuthOperations = { login: null, refresh: null, validate: null };
  const notes = {} as Record<AuthStep, ['found' | 'guessed' | 'missing', string]>;
  for (const step of ORDER) {
    const candidates = ctx.ops.filter((o) => o.method === 'POST' && !taken.has(o));
    const exact = candidates.find((o) => o.path === PUBLISHED_AUTH_PATHS[step]);
    const byPath = exact ? undefined : candidates.find((o) => PATH_HINTS[step].test(o.path));
    const byWords = exact || byPath ? undefined : candidates.find((o) => WORD_HINTS[step].test(wordsOf(o)));
    if (exact) notes[step] = ['found', at(exact.path, exact.label)];
    else if (byPath) notes[step] = ['guessed', `${at(byPath.path, byPath.label)}: its path looks like ${step}`];
    else if (byWords) notes[step] = ['guessed', `${at(byWords.path, byWords.label)}: its name or summary says ${step}`];
    else
      notes[step] = [
        'missing',
        `no ${step} operation in the document; the published ${PUBLISHED_AUTH_PATHS[step]} is kept`,
      ];
    out[step] = exact ?? byPath ?? byWords ?? null;
    if (out[step]) taken.add(out[step]);
  }
  for (const step of ['login', 'refresh', 'validate'] as const)
    ctx.findings.add(notes[step][0], `auth.${step}.path`, notes[step][1]);
  return out;
}

/** The profile's path for a step: the operation's, or the published one. */
export const authPath = (ctx: ProposalContext, ops: AuthOperations, step: AuthStep) =>
  ctx.path(ops[step]?.path ?? PUBLISHED_AUTH_PATHS[step]);
