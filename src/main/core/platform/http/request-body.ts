export interface EncodedBody {
  body?: RequestInit['body'];
  /** A fresh body per attempt (a stream factory): streamed, yet it can be sent again. */
  make?: () => RequestInit['body'];
  /** False for streams: they are consumed by the first attempt, so the call cannot be retried. */
  replayable: boolean;
  streaming: boolean;
}

function isBinary(body: unknown): boolean {
  return (
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams
  );
}

function isStream(body: unknown): boolean {
  return body instanceof ReadableStream || (typeof body === 'object' && body !== null && Symbol.asyncIterator in body);
}

/**
 * Binary and streams go as-is with the caller's content-type; anything else is JSON. Throws on unserialisable values.
 * `headers` has lower-case names (header-record.ts).
 */
export function encodeBody(body: unknown, headers: Record<string, string>): EncodedBody {
  if (body === undefined) return { replayable: true, streaming: false };
  if (typeof body === 'function') return { make: body as () => RequestInit['body'], replayable: true, streaming: true };
  if (isBinary(body)) return { body: body as RequestInit['body'], replayable: true, streaming: false };
  if (isStream(body)) return { body: body as RequestInit['body'], replayable: false, streaming: true };
  const json = JSON.stringify(body);
  if (json === undefined) throw new TypeError('body is not JSON-serialisable');
  headers['content-type'] ??= 'application/json';
  return { body: json, replayable: true, streaming: false };
}
