import { Readable } from 'node:stream';
import { protocol } from 'electron';
import { blobReply, readSlice } from '../media/blob-response';
import type { HostMedia } from '../media/host-media';

/** The desktop renderer's media URLs: `atelier-media://blob/<sha256>`. */
export const MEDIA_SCHEME = 'atelier-media';

/**
 * Must run before the app is ready. Standard and secure so URLs parse like https and the page
 * may use them; stream so a <video> can play and seek without reading the whole file first.
 */
export function registerMediaScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

const answer = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

/** One request to the scheme: only `blob/<sha256>` exists, read through the core's blob lookup. */
export async function mediaResponse(request: Request, media: Pick<HostMedia, 'blobPath'>): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== 'blob') return answer(404, { 'Cache-Control': 'no-store' });
  if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, { Allow: 'GET, HEAD' });
  const reply = await blobReply(media, url.pathname.slice(1), request.headers.get('range'));
  const body =
    reply.body && request.method === 'GET'
      ? (Readable.toWeb(readSlice(reply.body)) as ReadableStream<Uint8Array>)
      : null;
  return new Response(body, { status: reply.status, headers: reply.headers });
}

/** After ready: serve the scheme for the default session. Returns the undo, for tests and shutdown. */
export function handleMediaProtocol(media: Pick<HostMedia, 'blobPath'>): () => void {
  protocol.handle(MEDIA_SCHEME, (request) => mediaResponse(request, media));
  return () => protocol.unhandle(MEDIA_SCHEME);
}
