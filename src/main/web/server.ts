import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { RENDERER_CSP } from '../../shared/csp';
import type { Core } from '../core/app';
import { UNEXPECTED } from '../core/error-net';
import type { Logger } from '../core/ports';
import type { HostMedia } from '../media/host-media';
import { mediaRoutes } from './media-routes';
import { BridgeRequest, MAX_FRAME_BYTES, type BridgeMessage } from './protocol';
import { resolveStatic } from './static-files';
import { cleanStaleUploads, DEFAULT_MAX_UPLOAD_BYTES, type OpenUploadFile } from './uploads';

export interface WebHostOptions {
  /** The core, or a host that swaps the core behind the same dispatch and events (after a restore). */
  core: Pick<Core, 'dispatch' | 'events'>;
  logger: Logger;
  /** The built renderer (index.html and assets). */
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; otherwise a random one per run. */
  token?: string;
  /** Stored blobs and the uploads folder (`core.media`); without it /media and /upload answer 404. */
  media?: HostMedia;
  /** Largest upload accepted, in bytes (default: the library's cap, 4 GiB); larger ones get a 413. */
  maxUploadBytes?: number;
  /** Opens the file an upload streams into; tests inject a full disk here (the answer is then 507). */
  openUpload?: OpenUploadFile;
}

export interface WebHost {
  /** Open this in a browser: the token travels in the fragment, never in a request line. */
  url: string;
  origin: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

function sameToken(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function send(ws: WebSocket, message: BridgeMessage): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

/**
 * Browser mode: serves the built renderer and exposes the core's dispatch over a WebSocket, on
 * 127.0.0.1 only. The bridge demands the per-run token and our own Origin and Host, so neither
 * another local process without the token nor a web page elsewhere can reach the core.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { core, logger, rendererDir } = options;
  const token = options.token ?? crypto.randomBytes(24).toString('base64url');
  let origin = '';
  let allowedHosts = new Set<string>();
  // A page of ours may be opened as 127.0.0.1 or as localhost; no other page may call in.
  const isForeignOrigin = (requestOrigin: string | undefined) =>
    requestOrigin !== undefined && requestOrigin !== origin && requestOrigin !== origin.replace('127.0.0.1', 'localhost');
  const media = mediaRoutes({
    media: options.media,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    logger,
    isOurToken: (given) => sameToken(given, token),
    isForeignOrigin,
    ...(options.openUpload && { openUpload: options.openUpload }),
  });
  if (options.media) await cleanStaleUploads(options.media.uploadsDir, logger);

  const server = http.createServer((req, res) => {
    try {
      serve(req, res);
    } catch (e) {
      // The net under every request: logged as internal, answered in words, never a stack trace.
      logger.error('internal: a request failed', { code: 'internal', url: req.url?.split('?')[0], error: e });
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain', ...SECURITY_HEADERS });
      res.end(UNEXPECTED);
    }
  });

  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!allowedHosts.has(req.headers.host ?? '')) {
      res.writeHead(421, { 'Content-Type': 'text/plain' }).end('Misdirected request');
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain', ...SECURITY_HEADERS }).end('Bad request');
      return;
    }
    if (media(req, res, url)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', ...SECURITY_HEADERS }).end();
      return;
    }
    const found = resolveStatic(rendererDir, req.url ?? '/');
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain', ...SECURITY_HEADERS }).end('Not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': found.type, ...SECURITY_HEADERS });
    if (req.method === 'HEAD') res.end();
    else
      fs.createReadStream(found.file)
        .on('error', (e) => {
          logger.error('internal: a file could not be sent', { code: 'internal', error: e });
          res.destroy();
        })
        .pipe(res);
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const clients = new Set<WebSocket>();

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin);
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== '/bridge') return refuse(404, 'Not Found');
    if (!allowedHosts.has(req.headers.host ?? '')) return refuse(421, 'Misdirected Request');
    if (!sameToken(url.searchParams.get('token'), token)) {
      logger.warn('bridge connection refused: missing or wrong token');
      return refuse(401, 'Unauthorized');
    }
    const requestOrigin = req.headers.origin;
    if (isForeignOrigin(requestOrigin)) {
      logger.warn('bridge connection refused: foreign origin', { origin: requestOrigin });
      return refuse(403, 'Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  });

  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    ws.on('error', (e) => logger.warn('bridge socket error', { error: e.message }));
    ws.on('message', (data, isBinary) => {
      void (async () => {
        let request: BridgeRequest;
        try {
          if (isBinary) throw new Error('binary frame');
          request = BridgeRequest.parse(JSON.parse(data.toString()));
        } catch {
          send(ws, {
            type: 'result',
            id: null,
            result: { ok: false, error: { code: 'validation', message: 'The bridge message was not a valid request.' } },
          });
          return;
        }
        const result = await core.dispatch(request.channel, request.input);
        send(ws, { type: 'result', id: request.id, result });
      })().catch((e: unknown) => {
        logger.error('internal: a bridge message failed', { code: 'internal', error: e });
        send(ws, { type: 'result', id: null, result: { ok: false, error: { code: 'internal', message: UNEXPECTED } } });
      });
    });
  });

  const unsubscribe = core.events.subscribe((event, payload) => {
    for (const ws of clients) send(ws, { type: 'event', event, payload });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    port,
    close: async () => {
      unsubscribe();
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
