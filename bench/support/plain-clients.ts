// The plain clients the network benchmarks compare the app with: the same request sent with
// Node's fetch, with node:http over a keep-alive Agent, and with undici.request over a Pool, each
// holding as many connections as requests in flight. Every answer's body is read whole and parsed
// as JSON, as any caller would. The benchmarks run them all and compare ours with the fastest.
import http from 'node:http';
import { Pool } from 'undici';

export interface PlainRequest {
  method: 'GET' | 'POST';
  /** Path and query, from the origin the client was made for. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PlainAnswer {
  status: number;
  body: unknown;
}

export interface PlainClient {
  name: PlainClientName;
  /** What it is, in a few words (for the tables). */
  label: string;
  send(req: PlainRequest): Promise<PlainAnswer>;
  /** Closes its connections. */
  close(): Promise<void>;
}

export const PLAIN_CLIENT_NAMES = ['fetch', 'node:http', 'undici'] as const;
export type PlainClientName = (typeof PLAIN_CLIENT_NAMES)[number];

function parse(text: string): unknown {
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** Node's fetch (undici's fetch on its global dispatcher, keep-alive). */
function fetchClient(origin: string): PlainClient {
  return {
    name: 'fetch',
    label: plainLabel('fetch', 0),
    send: async (req) => {
      const res = await fetch(`${origin}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
      return { status: res.status, body: parse(await res.text()) };
    },
    close: async () => undefined,
  };
}

/** node:http with a keep-alive Agent of `sockets` sockets. */
function nodeHttpClient(origin: string, sockets: number): PlainClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(origin);
  const send = (req: PlainRequest) =>
    new Promise<PlainAnswer>((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { ...req.headers };
      if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
      const out = http.request({ agent, hostname, port, method: req.method, path: req.path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        });
      });
      out.on('error', reject);
      out.end(req.body);
    });
  return {
    name: 'node:http',
    label: plainLabel('node:http', sockets),
    send,
    close: async () => agent.destroy(),
  };
}

/** undici.request over a Pool of `connections` keep-alive connections to the origin. */
function undiciClient(origin: string, connections: number): PlainClient {
  const pool = new Pool(origin, { connections });
  return {
    name: 'undici',
    label: plainLabel('undici', connections),
    send: async (req) => {
      const res = await pool.request({ method: req.method, path: req.path, headers: req.headers, body: req.body });
      return { status: res.statusCode, body: parse(await res.body.text()) };
    },
    close: () => pool.close(),
  };
}

/** What a plain client is, in a few words (for the tables). */
export function plainLabel(name: PlainClientName, concurrency: number): string {
  switch (name) {
    case 'fetch':
      return 'fetch (global keep-alive dispatcher)';
    case 'node:http':
      return `node:http, keep-alive Agent (maxSockets ${concurrency})`;
    case 'undici':
      return `undici.request, Pool (${concurrency} connections)`;
  }
}

/** One plain client of each kind for `origin`, each with `concurrency` connections. */
export function plainClient(name: PlainClientName, origin: string, concurrency: number): PlainClient {
  switch (name) {
    case 'fetch':
      return fetchClient(origin);
    case 'node:http':
      return nodeHttpClient(origin, concurrency);
    case 'undici':
      return undiciClient(origin, concurrency);
  }
}

/** Rates measured for each plain client; the fastest is the one with the highest median rate. */
export function fastest<T extends { name: PlainClientName; rate: number }>(results: T[]): T {
  const best = results.reduce<T | undefined>((a, b) => (a === undefined || b.rate > a.rate ? b : a), undefined);
  if (!best) throw new Error('no plain client was measured');
  return best;
}
