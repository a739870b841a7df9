import type http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { isDiskFull } from '../core/errors';
import type { Logger } from '../core/ports';
import { blobReply, readSlice } from '../media/blob-response';
import type { HostMedia } from '../media/host-media';
import { diskFull, type OpenUploadFile, receiveUpload } from './uploads';

export interface MediaRoutesOptions {
  /** Absent: both routes answer 404. */
  media: HostMedia | undefined;
  maxUploadBytes: number;
  logger: Logger;
  /** The bridge's own checks: the per-run token, and the page's Origin when it sends one. */
  isOurToken(given: string | null): boolean;
  isForeignOrigin(origin: string | undefined): boolean;
  /** Opens the file an upload streams into (tests inject a full disk). */
  openUpload?: OpenUploadFile;
}

/** A Route answers the request and returns true, or returns false to leave it to the next one. */
export type Route = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => boolean;

// Blobs are only for our own page; a referrer would carry the token in its query.
const BASE_HEADERS = {
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

function plain(res: http.ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res
    .writeHead(status, {
      ...BASE_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...extra,
    })
    .end(text);
}

/**
 * `GET /media/<sha256>?t=<token>` streams a stored blob (an <img> cannot send headers, so the
 * token rides in the query); `PUT /upload` with `x-atelier-token` receives a browser file for
 * `library.importUploads`. Both demand the same token and Origin as the bridge.
 */
export function mediaRoutes(options: MediaRoutesOptions): Route {
  const { media, logger } = options;

  const serveBlob = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL, found: HostMedia) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    if (!options.isOurToken(url.searchParams.get('t')) || options.isForeignOrigin(req.headers.origin))
      return plain(res, 403, 'Forbidden');
    const reply = await blobReply(found, url.pathname.slice('/media/'.length), req.headers.range);
    res.writeHead(reply.status, { ...BASE_HEADERS, ...reply.headers });
    if (req.method === 'HEAD' || !reply.body) return void res.end();
    // A <video> drops connections whenever it seeks; that is not worth a log line.
    await pipeline(readSlice(reply.body), res).catch(() => undefined);
  };

  const upload = async (req: http.IncomingMessage, res: http.ServerResponse, found: HostMedia) => {
    if (req.method !== 'PUT') return plain(res, 405, 'Method not allowed', { Allow: 'PUT' });
    const given = req.headers['x-atelier-token'];
    if (!options.isOurToken(typeof given === 'string' ? given : null) || options.isForeignOrigin(req.headers.origin)) {
      logger.warn('upload refused: missing or wrong token, or foreign origin');
      return plain(res, 403, 'Forbidden', { Connection: 'close' });
    }
    await receiveUpload(req, res, {
      uploadsDir: found.uploadsDir,
      maxBytes: options.maxUploadBytes,
      logger,
      ...(options.openUpload && { open: options.openUpload }),
    });
  };

  return (req, res, url) => {
    const isBlob = url.pathname.startsWith('/media/');
    if (!isBlob && url.pathname !== '/upload') return false;
    if (!media) {
      plain(res, 404, 'Not found');
      return true;
    }
    const handled = isBlob ? serveBlob(req, res, url, media) : upload(req, res, media);
    handled.catch((e: unknown) => {
      logger.error('media route failed', { path: url.pathname, error: (e as Error).message });
      if (res.headersSent) res.destroy();
      // A full disk is said in words (507), wherever on the way it struck.
      else if (isDiskFull(e)) diskFull(res);
      else plain(res, 500, 'Internal error', { Connection: 'close' });
    });
    return true;
  };
}
