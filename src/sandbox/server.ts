import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dialectRoutes } from './admin/dialect-routes';
import { adminRoutes } from './admin/routes';
import { fileRoutes } from './ai/file-routes';
import { createFileStore } from './ai/files';
import { createJobRunner } from './ai/job-runner';
import { createJobStore } from './ai/jobs';
import { aiRoutes } from './ai/routes';
import { createAccountStore, type Account } from './auth/accounts';
import { apiKeyRoutes } from './auth/api-key-routes';
import { createApiKeyStore } from './auth/api-keys';
import { createClientStore } from './auth/clients';
import { authRoutes } from './auth/routes';
import { createSessionStore } from './auth/sessions';
import { createClock, type SandboxClock } from './clock';
import { openDatabase } from './db/open';
import { DEMO, type DemoCredentials } from './demo';
import { createDialectSwitch, type DialectName } from './dialects/registry';
import { renderError } from './dialects/render';
import { FaultController } from './faults';
import { HttpError } from './http/errors';
import { createPipeline } from './http/pipeline';
import { Router } from './http/router';
import { createIdempotencyStore } from './idempotency';
import { createMediaTools } from './media/tools';
import { resolveOptions, type RateLimitOptions, type SandboxOptions } from './options';
import { RateLimiter } from './rate-limit';
import { queueRoutes } from './resources/queue-routes';
import { resourceRoutes } from './resources/routes';
import { createRecordStore } from './resources/store';
import type { Services } from './services';
import { createStats, resetStats, type SandboxStats } from './stats';

/** A running sandbox, as returned by startSandbox. */
export interface Sandbox {
  /** Base URL, e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  port: number;
  /** Memory, or the folder holding sandbox.db. */
  dataDir: string | null;
  demo: DemoCredentials;
  /** Live counters; the object stays the same across resetStats(). */
  stats: SandboxStats;
  /** Emits "request", "aborted", "fault", "refresh", "family-revoked", "ai-cancelled", "ai-job". */
  events: EventEmitter;
  faults: FaultController;
  clock: SandboxClock;
  /** Makes every issued access token expired now; returns how many. */
  expireAccessTokens(): number;
  expireRefreshTokens(): number;
  expireApiKeys(): number;
  createAccount(username: string, password: string): Promise<Account>;
  setRateLimit(settings: RateLimitOptions | false): void;
  /** The dialect requests are answered in now. */
  getDialect(): DialectName;
  /** Switches the dialect; requests already running finish in the old one. */
  setDialect(name: DialectName): void;
  resetStats(): void;
  /** Every route it answers, as method and path pattern ("GET /v2/posts/:id"). */
  routes(): { method: string; pattern: string }[];
  /** Stops listening, ends hung and running requests, closes the database. Safe to call twice. */
  stop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function buildServices(options: SandboxOptions): Services {
  const opts = resolveOptions(options);
  const clock = createClock(opts.now);
  const db = openDatabase(opts.dataDir);
  const events = new EventEmitter();
  events.setMaxListeners(100);
  const faults = new FaultController();
  if (opts.faults.length > 0) faults.set(opts.faults);
  const dialects = createDialectSwitch(opts.dialect);
  return {
    db,
    clock,
    options: opts,
    stats: createStats(),
    events,
    faults,
    rateLimiter: new RateLimiter(opts.rateLimit, clock.now),
    accounts: createAccountStore(db, clock.now),
    clients: createClientStore(db, clock.now),
    sessions: createSessionStore(db, clock.now, {
      accessTokenTtlMs: () => opts.accessTokenTtlMs ?? dialects.current().accessTokenTtlMs,
      refreshTokenTtlMs: opts.refreshTokenTtlMs,
      refreshReuseGraceMs: opts.refreshReuseGraceMs,
    }),
    apiKeys: createApiKeyStore(db, clock.now),
    idempotency: createIdempotencyStore(db, clock.now),
    files: createFileStore(db, clock.now),
    jobs: createJobStore(db, clock.now),
    jobRunner: createJobRunner(opts.log),
    dialects,
    records: createRecordStore(db, clock.now),
    media: createMediaTools(opts),
  };
}

/** The raw answer to a request too malformed for the router; the connection closes after it. */
function badRequestResponse(contentType: string | undefined, body: string): string {
  const head = [
    'HTTP/1.1 400 Bad Request',
    `content-type: ${contentType}`,
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** Starts the sandbox platform on 127.0.0.1 (port 0 = any free port). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const s = buildServices(options);
  let url = '';
  const router = new Router();
  router.add(
    ...authRoutes(s),
    ...apiKeyRoutes(s),
    ...aiRoutes(s),
    ...fileRoutes(s),
    ...resourceRoutes(s),
    ...queueRoutes(s),
    ...adminRoutes(s),
    ...dialectRoutes(s),
  );
  const pipeline = createPipeline(s, router, () => url);
  const server = createServer({ keepAliveTimeout: 5_000 }, pipeline.listener);
  server.on('clientError', (_error, socket) => {
    const reply = renderError(s.dialects.current(), new HttpError(400, 'bad_request', 'malformed HTTP request'));
    const body = JSON.stringify(reply.body);
    if (socket.writable) {
      socket.end(badRequestResponse(reply.contentType, body));
    } else {
      socket.destroy();
    }
  });

  let port: number;
  try {
    s.clients.register(DEMO.clientId, DEMO.clientSecret);
    await s.accounts.ensure(DEMO.username, DEMO.password);
    for (const account of s.options.accounts) await s.accounts.ensure(account.username, account.password);
    port = await listen(server, s.options.port);
  } catch (error) {
    s.db.close();
    throw error;
  }
  url = `http://127.0.0.1:${port}`;
  server.on('error', (error) => s.options.log(`server error: ${error.message}`));

  let stopped: Promise<void> | null = null;
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const settled = pipeline.drain();
    // Closing sockets also releases handlers still waiting for a request body.
    server.closeAllConnections();
    await settled;
    await closed;
    await s.jobRunner.stop();
    await s.media.close();
    s.db.close();
  };

  return {
    url,
    port,
    dataDir: s.options.dataDir,
    demo: { ...DEMO },
    stats: s.stats,
    events: s.events,
    faults: s.faults,
    clock: s.clock,
    expireAccessTokens: () => s.sessions.expireAccessTokens(),
    expireRefreshTokens: () => s.sessions.expireRefreshTokens(),
    expireApiKeys: () => s.apiKeys.expireAll(),
    createAccount: async (username, password) => {
      const account = await s.accounts.create(username, password);
      if (!account) throw new Error(`an account named ${username} already exists`);
      return account;
    },
    setRateLimit: (settings) => s.rateLimiter.configure(settings),
    getDialect: () => s.dialects.name(),
    setDialect: (name) => s.dialects.set(name),
    resetStats: () => resetStats(s.stats),
    routes: () => router.list().map(({ method, pattern }) => ({ method, pattern })),
    stop: () => (stopped ??= stop()),
  };
}
