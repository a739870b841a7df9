import type { Readable } from 'node:stream';
import type { RenderedBody } from './template';

/** Bytes encoded at a time: a multiple of 3 (no padding inside the body), 64 KiB of base64. */
const PIECE = 48 * 1024;

/**
 * The request body as a stream: the JSON before the media, the media base64-encoded chunk by
 * chunk as it is read from disk, then the JSON after it. Only one chunk of the file (and its
 * base64) is in memory at a time, whatever the file's size. `onBytes` reports body bytes produced.
 */
export async function* bodyChunks(
  body: RenderedBody,
  open: (sha: string) => Readable,
  onBytes?: (n: number) => void,
): AsyncGenerator<Uint8Array> {
  const emit = (b: Buffer): Buffer => {
    onBytes?.(b.length);
    return b;
  };
  yield emit(Buffer.from(body.prefix));
  if (!body.streamed) return;
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of open(body.streamed.sha256) as AsyncIterable<Buffer>) {
    const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    // Base64 works on 3-byte groups: encode whole groups now, carry the rest to the next chunk.
    const whole = data.length - (data.length % 3);
    carry = Buffer.from(data.subarray(whole));
    // Small pieces keep the encoded text in V8's young generation, which is collected at once;
    // megabyte strings would pile up as garbage until a full collection.
    for (let at = 0; at < whole; at += PIECE)
      yield emit(Buffer.from(data.subarray(at, Math.min(whole, at + PIECE)).toString('base64'), 'latin1'));
  }
  if (carry.length > 0) yield emit(Buffer.from(carry.toString('base64')));
  yield emit(Buffer.from(body.suffix));
}

/** A web ReadableStream over the chunks, for fetch (a fresh one per attempt). */
export function bodyStream(
  body: RenderedBody,
  open: (sha: string) => Readable,
  onBytes?: (n: number) => void,
): ReadableStream<Uint8Array> {
  const it = bodyChunks(body, open, onBytes);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await it.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (e) {
        controller.error(e);
      }
    },
    async cancel() {
      await it.return(undefined);
    },
  });
}
