import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { RENDERER_CSP } from '../../shared/csp';
import type { Core } from '../core/app';
import { UNEXPECTED } from '../core/error-net';
import type { Logger } from '../core/ports';
import type { HostMedia } from '../media/host-media';
import { mediaRoutes } from './media-routes';
import { MAX_FRAME_BYTES, toBridgeRequest, type BridgeMessage, type BridgeRequest } from './protocol';
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
  /** The icon served as /favicon.ico when the renderer has none (default: the app's icon). */
  favicon?: string;
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
 * Holds a socket's writes until the current turn's callbacks and promise jobs have run, so the
 * replies to a burst of requests (one read can carry many frames) leave in one write, not one each.
 */
function coalesceWrites(socket: Duplex): () => void {
  let held = false;
  const release = () => {
    held = false;
    socket.uncork();
  };
  return () => {
    if (held) return;
    held = true;
    socket.cork();
    setImmediate(release);
  };
}

/** The app's icon, which browsers ask for as /favicon.ico on every page. */
const APP_ICON = path.resolve(__dirname, '..', '..', '..', 'resources', 'icon.ico');

/** Where the host is reached, known once it listens: the pages and the bridge check requests against it. */
interface Address {
  origin: string;
  hosts: Set<string>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Streams a file, or ends the response if it cannot be read. */
function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  found: { file: string; type: string },
  logger: Logger,
): void {
  res.writeHead(200, { 'Content-Type': found.type, ...SECURITY_HEADERS });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  fs.createReadStream(found.file)
    .on('error', (e) => {
      logger.error('internal: a file could not be sent', { code: 'internal', error: e });
      res.destroy();
    })
    .pipe(res);
}

/** The built renderer, media and uploads: everything but the bridge. */
function pages(options: WebHostOptions, address: Address, media: ReturnType<typeof mediaRoutes>): Handler {
  const { logger, rendererDir } = options;
  const favicon = options.favicon ?? APP_ICON;
  return (req, res) => {
    if (!address.hosts.has(req.headers.host ?? '')) {
      res.writeHead(421, { 'Content-Type': 'text/plain' }).end('Misdirected request');
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', address.origin);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain', ...SECURITY_HEADERS }).end('Bad request');
      return;
    }
    if (media(req, res, url)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', ...SECURITY_HEADERS }).end();
      return;
    }
    const found =
      resolveStatic(rendererDir, req.url ?? '/') ??
      (url.pathname === '/favicon.ico' && fs.existsSync(favicon) ? { file: favicon, type: 'image/x-icon' } : null);
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain', ...SECURITY_HEADERS }).end('Not found');
      return;
    }
    sendFile(req, res, found, logger);
  };
}

/** One bridge message: parsed, dispatched and answered; a malformed one gets an answer in words. */
async function answer(
  ws: WebSocket,
  core: WebHostOptions['core'],
  data: WebSocket.RawData,
  isBinary: boolean,
): Promise<void> {
  let request: BridgeRequest | null;
  try {
    request = isBinary ? null : toBridgeRequest(JSON.parse(data.toString()));
  } catch {
    request = null;
  }
  if (!request) {
    send(ws, {
      type: 'result',
      id: null,
      result: { ok: false, error: { code: 'validation', message: 'The bridge message was not a valid request.' } },
    });
    return;
  }
  const result = await core.dispatch(request.channel, request.input);
  send(ws, { type: 'result', id: request.id, result });
}

/** Answers one page's requests on its socket, in any order they finish. */
function serveSocket(ws: WebSocket, socket: Duplex, { core, logger }: WebHostOptions): void {
  ws.on('error', (e) => logger.warn('bridge socket error', { error: e.message }));
  const hold = coalesceWrites(socket);
  ws.on('message', (data, isBinary) => {
    hold();
    answer(ws, core, data, isBinary).catch((e: unknown) => {
      logger.error('internal: a bridge message failed', { code: 'internal', error: e });
      send(ws, { type: 'result', id: null, result: { ok: false, error: { code: 'internal', message: UNEXPECTED } } });
    });
  });
}

/** The bridge: the core's dispatch and events over a WebSocket, for the pages that hold the token. */
function bridge(
  server: http.Server,
  options: WebHostOptions,
  address: Address,
  token: string,
  isForeignOrigin: (o: string | undefined) => boolean,
) {
  const { core, logger } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const clients = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', address.origin);
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== '/bridge') return refuse(404, 'Not Found');
    if (!address.hosts.has(req.headers.host ?? '')) return refuse(421, 'Misdirected Request');
    if (!sameToken(url.searchParams.get('token'), token)) {
      logger.warn('bridge connection refused: missing or wrong token');
      return refuse(401, 'Unauthorized');
    }
    if (isForeignOrigin(req.headers.origin)) {
      logger.warn('bridge connection refused: foreign origin', { origin: req.headers.origin });
      return refuse(403, 'Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
      serveSocket(ws, socket, options);
    });
  });
  const unsubscribe = core.events.subscribe((event, payload) => {
    for (const ws of clients) send(ws, { type: 'event', event, payload });
  });
  return async () => {
    unsubscribe();
    for (const ws of clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}

/**
 * Browser mode: serves the built renderer and exposes the core's dispatch over a WebSocket, on
 * 127.0.0.1 only. The bridge demands the per-run token and our own Origin and Host, so neither
 * another local process without the token nor a web page elsewhere can reach the core.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { logger } = options;
  const token = options.token ?? crypto.randomBytes(24).toString('base64url');
  const address: Address = { origin: '', hosts: new Set() };
  // A page of ours may be opened as 127.0.0.1 or as localhost; no other page may call in.
  const isForeignOrigin = (requestOrigin: string | undefined) =>
    requestOrigin !== undefined &&
    requestOrigin !== address.origin &&
    requestOrigin !== address.origin.replace('127.0.0.1', 'localhost');
  const media = mediaRoutes({
    media: options.media,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    logger,
    isOurToken: (given) => sameToken(given, token),
    isForeignOrigin,
    ...(options.openUpload && { openUpload: options.openUpload }),
  });
  if (options.media) await cleanStaleUploads(options.media.uploadsDir, logger);
  const serve = pages(options, address, media);
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
  const closeBridge = bridge(server, options, address, token, isForeignOrigin);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  address.origin = `http://127.0.0.1:${port}`;
  address.hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  return {
    url: `${address.origin}/#token=${token}`,
    origin: address.origin,
    token,
    port,
    close: async () => {
      await closeBridge();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
