import type { AppError, AppErrorCode } from '../../../../shared/errors';
import { PlatformError } from './platform-error';

/** "30 s", "0.5 s": deadlines and waits as people read them. */
export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${s >= 10 ? Math.round(s) : Math.round(s * 10) / 10} s`;
}

interface StatusRule {
  code: AppErrorCode;
  message: (status: number) => string;
  hint?: string;
}

const RULES: Record<'401' | '403' | '404' | '409' | '429' | '4xx' | '5xx' | 'other', StatusRule> = {
  '401': { code: 'auth', message: (s) => `The platform did not accept your sign-in (${s}).`, hint: 'Sign in again.' },
  '403': { code: 'denied', message: (s) => `The platform refused this action (${s}).` },
  '404': { code: 'not_found', message: (s) => `The platform could not find what was asked for (${s}).` },
  '409': {
    code: 'conflict',
    message: (s) => `The item changed on the platform since Atelier last loaded it (${s}).`,
    hint: 'Reload it and try again.',
  },
  '429': {
    code: 'rate_limited',
    message: (s) => `The platform is receiving too many requests (${s}).`,
    hint: 'Wait a moment; Atelier retries on its own.',
  },
  '4xx': { code: 'denied', message: (s) => `The platform refused the request (${s}).` },
  '5xx': {
    code: 'unavailable',
    message: (s) => `The platform had a problem answering (${s}).`,
    hint: 'Try again in a few minutes.',
  },
  other: {
    code: 'unavailable',
    message: (s) => `The platform gave an unexpected answer (${s}).`,
    hint: 'Try again in a few minutes.',
  },
};

function ruleFor(status: number): StatusRule {
  if (status === 401) return RULES['401'];
  if (status === 403) return RULES['403'];
  if (status === 404 || status === 410) return RULES['404'];
  if (status === 409 || status === 412) return RULES['409'];
  if (status === 429) return RULES['429'];
  if (status >= 400 && status < 500) return RULES['4xx'];
  if (status >= 500 && status < 600) return RULES['5xx'];
  return RULES.other;
}

/** The typed error for a non-2xx answer, in the server's words when it gave some. */
export function statusError(
  status: number,
  serverMessage: string | undefined,
  body: unknown,
  retryAfterMs?: number,
  serverCode?: string,
): PlatformError {
  const rule = ruleFor(status);
  const error: AppError = { code: rule.code, message: serverMessage ?? rule.message(status), status };
  if (serverCode !== undefined && serverCode !== serverMessage) error.serverCode = serverCode;
  if (rule.hint) error.hint = rule.hint;
  if (retryAfterMs !== undefined) error.retryAfterMs = Math.max(0, Math.ceil(retryAfterMs));
  return new PlatformError(error, { body });
}

export function malformedError(status: number, body: unknown): PlatformError {
  return new PlatformError(
    {
      code: 'unavailable',
      message: `The platform sent a malformed answer (${status}).`,
      hint: 'Try again in a few minutes.',
      status,
    },
    { body },
  );
}

export function tooLargeError(status: number): PlatformError {
  return new PlatformError({
    code: 'unavailable',
    message: `The platform's answer was too large to read (${status}).`,
    status,
  });
}

export function offlineError(): PlatformError {
  return new PlatformError({
    code: 'offline',
    message: 'The platform cannot be reached.',
    hint: 'Check your internet connection. Atelier keeps your work and tries again.',
  });
}

export function deadlineError(deadlineMs: number): PlatformError {
  return new PlatformError({
    code: 'offline',
    message: `The platform did not answer within ${seconds(deadlineMs)}.`,
    hint: 'Check your internet connection and try again.',
  });
}

/** A host that told us to wait (Retry-After) longer than this call can. */
export function blockedError(retryAfterMs: number): PlatformError {
  return new PlatformError({
    code: 'rate_limited',
    message: `The platform asked Atelier to wait ${seconds(retryAfterMs)} before sending more.`,
    hint: 'Atelier retries on its own.',
    retryAfterMs: Math.max(0, Math.ceil(retryAfterMs)),
  });
}

/** A bug on our side (bad URL, unserialisable body, invalid header): no retry, no circuit. */
export function requestBugError(): PlatformError {
  return new PlatformError({ code: 'internal', message: 'Atelier could not build a request to the platform.' });
}
