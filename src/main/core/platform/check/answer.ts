import type { AppError } from '../../../../shared/errors';
import type { ErrorFields } from '../../../../shared/profile';
import { AppException } from '../../errors';
import { PlatformError, type HttpResponse } from '../http';
import { cleanText } from '../http/clean-text';
import { jsonMessage } from '../http/server-message';

/** What came back for one request of the check, 2xx or not. Bodies are unmasked until the report is built. */
export interface Answer {
  /** Null when nothing answered (offline, deadline, a request we could not build). */
  status: number | null;
  body: unknown;
  /** The platform's own words, read with the profile's `errors` fields. */
  words: string | null;
  /** Our own account of a failure without an answer ("The platform cannot be reached."). */
  problem: AppError | null;
}

export const noAnswer = (problem: AppError): Answer => ({ status: null, body: null, words: null, problem });

/** The server's message from a body: JSON through the profile's error fields, plain text as its first line. */
export function wordsOf(body: unknown, errors: ErrorFields): string | null {
  if (typeof body === 'string') {
    const line = body.split(/\r?\n/).find((l) => l.trim() !== '');
    return line === undefined || /^\s*</.test(body) ? null : cleanText(line) || null;
  }
  if (body === null || typeof body !== 'object') return null;
  return jsonMessage(body, errors) ?? null;
}

/** Send one request and keep whatever came back, refusals included: the check judges them. */
export async function answerOf(send: () => Promise<HttpResponse>, errors: ErrorFields): Promise<Answer> {
  try {
    const res = await send();
    return { status: res.status, body: res.body, words: wordsOf(res.body, errors), problem: null };
  } catch (e) {
    if (e instanceof PlatformError && e.status !== undefined) {
      // An HTML page has no JSON words; its title is what the client made the message from.
      const words =
        wordsOf(e.body, errors) ?? (typeof e.body === 'string' && e.body.trim() !== '' ? e.error.message : null);
      return { status: e.status, body: e.body, words, problem: null };
    }
    if (e instanceof AppException) return noAnswer(e.error);
    throw e;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The top-level keys of an answer, for "the answer had: a, b, c". */
export function keysOf(body: unknown): string {
  if (Array.isArray(body)) return 'a list, not an object';
  if (!isObject(body)) return body === null ? 'nothing (an empty answer)' : 'text, not JSON';
  const keys = Object.keys(body);
  if (keys.length === 0) return 'no fields';
  return keys.length > 12 ? `${keys.slice(0, 12).join(', ')}…` : keys.join(', ');
}

/** Top-level fields holding a list: where the items may really be. */
export function listKeys(body: unknown): string[] {
  return isObject(body) ? Object.entries(body).flatMap(([k, v]) => (Array.isArray(v) ? [k] : [])) : [];
}

export { isObject };
