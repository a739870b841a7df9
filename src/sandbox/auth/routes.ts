import type { AuthErrorCode, Dialect } from '../dialects/dialect';
import type { RequestContext } from '../http/context';
import { HttpError, badRequest, unauthorized } from '../http/errors';
import { json, type Reply } from '../http/reply';
import type { RouteDef } from '../http/router';
import type { Services } from '../services';
import { readCredential } from './authenticate';
import { readFields } from './body-fields';
import { checkToken } from './token-check';

/** A refusal of an authentication endpoint, in the words and status the dialect gives it. */
function authError(dialect: Dialect, code: AuthErrorCode, status: number, message: string): HttpError {
  const override = dialect.auth.errors[code] ?? {};
  const finalStatus = override.status ?? status;
  const finalCode = override.code ?? code;
  const finalMessage = override.message ?? message;
  return finalStatus === 401
    ? unauthorized(finalCode, finalMessage)
    : new HttpError(finalStatus, finalCode, finalMessage);
}

const refuser = (dialect: Dialect) => (code: AuthErrorCode, status: number, message: string) =>
  authError(dialect, code, status, message);

const LOGIN_LIMITS = { username: { max: 320 }, password: { max: 1024 }, clientId: { max: 200, optional: true } };
const REFRESH_LIMITS = { refreshToken: { max: 4096 }, clientId: { max: 200 }, clientSecret: { max: 1024 } };

/** The token to check: from the dialect's body field, or from the Authorization header. */
function tokenToValidate(ctx: RequestContext, body: Record<string, unknown>): string {
  const { field, headerFallback } = ctx.dialect.auth.validate;
  const scheme = ctx.dialect.auth.scheme;
  const fromBody =
    field === null
      ? undefined
      : readFields(body, { names: { token: field } }, { token: { max: 4096, optional: true } }, refuser(ctx.dialect))
          .token;
  if (fromBody) return fromBody;
  if (field === null || headerFallback) {
    const credential = readCredential(ctx.header('authorization'), scheme);
    if (credential.kind === 'token') return credential.token;
    if (credential.kind === 'wrong_scheme')
      throw unauthorized('invalid_auth_scheme', `Authorization must be ${scheme.example}`);
  }
  if (field === null) throw badRequest(`send the token to check in the Authorization header, as ${scheme.example}`);
  throw badRequest(
    `send the token to check as "${field}" in the body${headerFallback ? ' or in the Authorization header' : ''}`,
  );
}

export function authRoutes(s: Services): RouteDef[] {
  const login = async (ctx: RequestContext): Promise<Reply> => {
    const dialect = ctx.dialect;
    const input = readFields(await ctx.json(), dialect.auth.login, LOGIN_LIMITS, refuser(dialect));
    if (input.clientId !== undefined && !s.clients.exists(input.clientId)) {
      throw authError(dialect, 'invalid_client', 401, 'client_id is not a registered client');
    }
    const account = await s.accounts.verify(input.username ?? '', input.password ?? '');
    if (!account) {
      s.stats.loginFailures++;
      throw authError(dialect, 'invalid_credentials', 401, 'username or password is incorrect');
    }
    s.stats.logins++;
    const pair = s.sessions.issue(account.id, input.clientId ?? null);
    return json(200, dialect.auth.tokenAnswer(pair, s.clock.now()));
  };

  const refresh = async (ctx: RequestContext): Promise<Reply> => {
    const dialect = ctx.dialect;
    const input = readFields(await ctx.json(), dialect.auth.refresh, REFRESH_LIMITS, refuser(dialect));
    const clientId = input.clientId ?? '';
    if (!s.clients.verify(clientId, input.clientSecret ?? '')) {
      throw authError(dialect, 'invalid_client', 401, 'client ID or client secret is incorrect');
    }
    const outcome = s.sessions.refresh(input.refreshToken ?? '', clientId);
    if (!outcome.ok) {
      if (outcome.familyRevoked) {
        s.stats.familiesRevoked++;
        s.events.emit('family-revoked', { reason: outcome.code });
      }
      throw authError(dialect, outcome.code, 401, outcome.message);
    }
    return json(200, dialect.auth.tokenAnswer(outcome.pair, s.clock.now()));
  };

  return [
    { method: 'POST', pattern: '/user/login', auth: 'none', handler: login },
    {
      method: 'POST',
      pattern: '/user/token/validate',
      auth: 'none',
      handler: async (ctx) => {
        s.stats.validations++;
        const token = tokenToValidate(ctx, await ctx.json({ allowEmpty: true }));
        const check = checkToken(token, s.sessions, s.apiKeys);
        return json(200, ctx.dialect.auth.validateAnswer(check, s.clock.now()));
      },
    },
    {
      method: 'POST',
      pattern: '/user/token/refresh',
      auth: 'none',
      handler: async (ctx) => {
        s.stats.refreshCalls++;
        try {
          const reply = await refresh(ctx);
          s.stats.refreshSucceeded++;
          s.events.emit('refresh', { ok: true });
          return reply;
        } catch (error) {
          s.stats.refreshRefused++;
          s.events.emit('refresh', { ok: false, code: error instanceof HttpError ? error.code : 'internal' });
          throw error;
        }
      },
    },
  ];
}
