import { badRequest } from '../http/errors';

/** A position in an account's change feed: either an exact change number or a time. */
export type Since = { seq: number } | { at: number };

export function formatCursor(seq: number): string {
  return `c${seq}`;
}

export function parseCursor(value: string, name: string, cursorField = 'next_cursor'): { seq: number } {
  const match = /^c(\d{1,15})$/.exec(value);
  if (!match) throw badRequest(`${name} must be a ${cursorField} value from an earlier list response`);
  return { seq: Number(match[1]) };
}

/** since= takes a cursor (exact) or an ISO 8601 time (records updated at or after it). */
export function parseSince(value: string, name = 'since', cursorField = 'next_cursor'): Since {
  if (/^c\d+$/.test(value)) return parseCursor(value, name, cursorField);
  const isoLike = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const at = Date.parse(value);
  if (!isoLike || Number.isNaN(at)) {
    throw badRequest(`${name} must be a ${cursorField} value or an ISO 8601 time such as 2024-05-01T12:00:00.000Z`);
  }
  return { at };
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export function parseLimit(value: string | null, name = 'limit'): number {
  if (value === null) return DEFAULT_PAGE_SIZE;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw badRequest(`${name} must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
  return limit;
}
