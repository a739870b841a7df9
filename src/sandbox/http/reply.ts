export interface JsonReply {
  kind: 'json';
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** application/json unless a dialect sends errors as another JSON type. */
  contentType?: string;
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
