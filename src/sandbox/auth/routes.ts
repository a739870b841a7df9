import { z } from 'zod';
import { iso } from '../clock';
import { HttpError, badRequest, unauthorized } from '../http/errors';
import { json, type Reply } from '../http/reply';
import type { RouteDef } from '../http/router';
import { parseWith } from '../http/validate';
import type { Services } from '../services';
import { tokenFromHeader } from './authenticate';
import { API_KEY_PREFIX } from './secrets';
import type { TokenPair } from './sessions';

const loginBody = z.object({
  username: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
  client_id: z.string().min(1).max(200).optional(),
});

const validateBody = z.object({ token: z.string().min(1).max(4096).optional() });

const refreshBody = z.object({
  refresh_token: z.string().min(1).max(4096),
  client_id: z.string().min(1).max(200),
  client_secret: z.string().min(1).max(1024),
});

function tokenResponse(pair: TokenPair, at: number) {
  return {
    access_token: pair.accessToken,
    refresh_token: pair.refreshToken,
    token_type: 'Bearer',
    expires_in: Math.max(0, Math.round((pair.accessExpiresAt - at) / 1000)),
    expires_at: iso(pair.accessExpiresAt),
    refresh_token_expires_at: iso(pair.refreshExpiresAt),
    account_id: pair.accountId,
  };
}

const INVALID_REASONS = {
  expired: 'token expired',
  revoked: 'token was revoked',
  used: 'refresh token was already used',
} as const;

export function authRoutes(s: Services): RouteDef[] {
  const login = async (body: Record<string, unknown>): Promise<Reply> => {
    const input = parseWith(loginBody, body);
    if (input.client_id !== undefined && !s.clients.exists(input.client_id)) {
      throw unauthorized('invalid_client', 'client_id is not a registered client');
    }
    const account = await s.accounts.verify(input.username, input.password);
    if (!account) {
      s.stats.loginFailures++;
      throw unauthorized('invalid_credentials', 'username or password is incorrect');
    }
    s.stats.logins++;
    const pair = s.sessions.issue(account.id, input.client_id ?? null);
    return json(200, tokenResponse(pair, s.clock.now()));
  };

  const validate = (token: string): Reply => {
    const at = s.clock.now();
    if (token.startsWith(API_KEY_PREFIX)) {
      const check = s.apiKeys.check(token);
      if (check.ok) {
        const expiresAt = check.key.expires_at;
        return json(200, {
          valid: true,
          token_type: 'api_key',
          account_id: check.key.account_id,
          expires_at: iso(expiresAt),
          expires_in: Math.round((expiresAt - at) / 1000),
        });
      }
      const reason = check.reason;
      const message = reason === 'unknown' ? 'API key is not known' : reason === 'expired' ? 'API key expired' : 'API key was revoked';
      return json(200, {
        valid: false,
        token_type: 'api_key',
        reason,
        message,
        expires_at: check.key ? iso(check.key.expires_at) : null,
      });
    }
    const info = s.sessions.inspect(token);
    if (!info) return json(200, { valid: false, token_type: null, reason: 'unknown', message: 'token is not known', expires_at: null });
    if (info.state !== 'valid') {
      return json(200, {
        valid: false,
        token_type: info.kind,
        reason: info.state,
        message: INVALID_REASONS[info.state],
        expires_at: iso(info.expiresAt),
      });
    }
    return json(200, {
      valid: true,
      token_type: info.kind,
      account_id: info.accountId,
      expires_at: iso(info.expiresAt),
      expires_in: Math.round((info.expiresAt - at) / 1000),
    });
  };

  const refresh = async (body: Record<string, unknown>): Promise<Reply> => {
    const input = parseWith(refreshBody, body);
    if (!s.clients.verify(input.client_id, input.client_secret)) {
      throw unauthorized('invalid_client', 'client ID or client secret is incorrect');
    }
    const outcome = s.sessions.refresh(input.refresh_token, input.client_id);
    if (!outcome.ok) {
      if (outcome.familyRevoked) {
        s.stats.familiesRevoked++;
        s.events.emit('family-revoked', { reason: outcome.code });
      }
      throw unauthorized(outcome.code, outcome.message);
    }
    return json(200, tokenResponse(outcome.pair, s.clock.now()));
  };

  return [
    {
      method: 'POST',
      pattern: '/user/login',
      auth: 'none',
      handler: async (ctx) => login(await ctx.json()),
    },
    {
      method: 'POST',
      pattern: '/user/token/validate',
      auth: 'none',
      handler: async (ctx) => {
        s.stats.validations++;
        const input = parseWith(validateBody, await ctx.json({ allowEmpty: true }));
        const token = input.token ?? tokenFromHeader(ctx.header('authorization'));
        if (!token) throw badRequest('send the token to check as "token" in the body or in the Authorization header');
        return validate(token);
      },
    },
    {
      method: 'POST',
      pattern: '/user/token/refresh',
      auth: 'none',
      handler: async (ctx) => {
        s.stats.refreshCalls++;
        try {
          const reply = await refresh(await ctx.json());
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
