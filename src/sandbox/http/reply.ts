import type { HttpError } from './errors';

export interface JsonReply {
  kind: 'json';
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RawReply {
  kind: 'raw';
  status: number;
  data: Buffer;
  contentType: string;
  headers?: Record<string, string>;
}

/** An HTML error page, as a proxy in front of a failing server sends. */
export interface HtmlReply {
  kind: 'html';
  status: number;
  headers?: Record<string, string>;
}

/** What a handler returns; the pipeline decides how (and whether) it reaches the client. */
export type Reply = JsonReply | RawReply | HtmlReply;

export function json(status: number, body: unknown, headers?: Record<string, string>): JsonReply {
  return headers ? { kind: 'json', status, body, headers } : { kind: 'json', status, body };
}

export function raw(status: number, data: Buffer, contentType: string, headers?: Record<string, string>): RawReply {
  return headers ? { kind: 'raw', status, data, contentType, headers } : { kind: 'raw', status, data, contentType };
}

/** The single error body shape: {error:{code,message,...extra}}. */
export function errorReply(error: HttpError): JsonReply {
  const { current, ...rest } = error.extra;
  const body: Record<string, unknown> = { error: { code: error.code, message: error.message, ...rest } };
  // A conflicting record travels beside the error so clients can show both versions.
  if (current !== undefined) body.current = current;
  return json(error.status, body, error.headers);
}
