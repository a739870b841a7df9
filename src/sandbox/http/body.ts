import type { IncomingMessage } from 'node:http';
import { HttpError, badRequest } from './errors';

function describeLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** Reads the whole body; past the limit it keeps draining (so the client sees the 413) but stores nothing. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > limit;
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      ended = true;
      if (tooLarge) {
        reject(
          new HttpError(
            413,
            'payload_too_large',
            `request body exceeds the ${describeLimit(limit)} limit of this endpoint`,
            { limit_bytes: limit },
          ),
        );
      } else {
        resolve(Buffer.concat(chunks));
      }
    });
    req.on('error', reject);
    // A connection closed mid-body may end without an error event; never leave the reader waiting.
    req.on('close', () => {
      if (!ended) reject(new Error('connection closed before the request body was complete'));
    });
  });
}

/** Every JSON endpoint takes an object; anything else is refused with the reason. */
export function parseJsonObject(data: Buffer): Record<string, unknown> {
  const text = data.toString('utf8');
  if (text.trim() === '') throw badRequest('request body is empty; send a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, 'invalid_json', `request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
