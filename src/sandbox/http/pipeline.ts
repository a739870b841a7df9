import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { authenticate, requireAccessToken } from '../auth/authenticate';
import type { Dialect } from '../dialects/dialect';
import { renderError } from '../dialects/render';
import { standard } from '../dialects/standard';
import type { FaultRule } from '../faults';
import type { Services } from '../services';
import { bump } from '../stats';
import { createContext } from './context';
import { HttpError } from './errors';
import type { Reply } from './reply';
import type { RouteMatch, Router } from './router';
import { sendReply } from './send';

/** Origin-form targets ("/path?query") resolve against a dummy origin; "//x" stays a path. */
function parseTarget(target: string): URL {
  try {
    return target.startsWith('/') ? new URL(`http://sandbox.invalid${target}`) : new URL(target);
  } catch {
    return new URL('http://sandbox.invalid/_invalid_target');
  }
}

function rateLimited(retryAfterS: number): HttpError {
  return new HttpError(
    429,
    'rate_limited',
    `rate limit exceeded; retry after ${retryAfterS} s`,
    { retry_after_s: retryAfterS },
    { 'retry-after': String(retryAfterS) },
  );
}

interface Request {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  match: RouteMatch;
  signal: AbortSignal;
  /** Admin routes always answer in the standard reading: they drive the sandbox, not the platform. */
  dialect: Dialect;
}

/** Routing, the credential, the rate limit and the handler: the reply the request gets. */
async function dispatch(s: Services, baseUrl: () => string, r: Request): Promise<Reply> {
  if (r.match.kind === 'not_found') throw new HttpError(404, 'not_found', `no endpoint at ${r.method} ${r.path}`);
  if (r.match.kind === 'method_not_allowed') {
    const allow = r.match.allow.join(', ');
    throw new HttpError(
      405,
      'method_not_allowed',
      `${r.method} is not allowed on ${r.path}; allowed: ${allow}`,
      {},
      { allow },
    );
  }
  const route = r.match.route;
  const limits = s.options.bodyLimits;
  const ctx = createContext({
    req: r.req,
    method: r.method,
    path: r.path,
    query: r.query,
    params: r.match.params,
    signal: r.signal,
    baseUrl: baseUrl(),
    dialect: r.dialect,
    bodyLimit: route.bodyLimit === 'ai' ? limits.aiBytes : limits.otherBytes,
  });
  if (route.auth !== 'none') {
    ctx.principal = authenticate(ctx.header('authorization'), s.sessions, s.apiKeys, r.dialect.auth.scheme);
    if (route.auth === 'access_token') requireAccessToken(ctx.principal);
  }
  if (!route.admin) {
    const key = ctx.principal
      ? `${ctx.principal.kind}:${ctx.principal.credentialId}`
      : `addr:${r.req.socket.remoteAddress}`;
    const decision = s.rateLimiter.take(key);
    if (!decision.ok) {
      s.stats.rateLimited++;
      throw rateLimited(decision.retryAfterS);
    }
  }
  return route.handler(ctx);
}

function toReply(s: Services, error: unknown, r: Request): Reply {
  if (error instanceof HttpError) return renderError(r.dialect, error);
  s.options.log(
    `${r.method} ${r.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return renderError(
    r.dialect,
    new HttpError(500, 'internal', `internal sandbox error: ${error instanceof Error ? error.message : String(error)}`),
  );
}

/** Faults that answer instead of the handler; returns true when the request is finished. */
async function preempt(fault: FaultRule, r: Request, respond: (reply: Reply) => void): Promise<boolean> {
  switch (fault.kind) {
    case 'error':
      respond(
        renderError(r.dialect, new HttpError(fault.status, 'injected_fault', `injected fault: HTTP ${fault.status}`)),
      );
      return true;
    case 'rate_limit':
      respond(renderError(r.dialect, rateLimited(fault.retryAfterS)));
      return true;
    case 'html':
      respond({ kind: 'html', status: fault.status });
      return true;
    case 'hang':
      if (!r.signal.aborted)
        await new Promise((resolve) => r.signal.addEventListener('abort', resolve, { once: true }));
      return true;
    default:
      return false;
  }
}

/** What a request asks for: its method, path, route and whether it drives the sandbox itself. */
function target(router: Router, req: IncomingMessage) {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = parseTarget(req.url ?? '/');
  const path = url.pathname;
  const match = router.match(method, path);
  const routeName = match.kind === 'found' ? match.name : 'unmatched';
  const admin = match.kind === 'found' ? match.route.admin === true : path.startsWith('/_sandbox/');
  return { method, query: url.searchParams, path, match, routeName, admin };
}

/**
 * Every request passes here: faults first (they stand for the network), then routing, the
 * credential, the rate limit and the handler; the reply is written last so a fault can lose it.
 */
export function createPipeline(s: Services, router: Router, baseUrl: () => string) {
  const controllers = new Set<AbortController>();
  const pending = new Set<Promise<void>>();
  let stopping = false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const { method, query, path, match, routeName, admin } = target(router, req);
    s.stats.requests++;
    bump(s.stats.byRoute, routeName);

    const controller = new AbortController();
    controllers.add(controller);
    let droppedByServer = false;
    let status: number | null = null;
    res.on('close', () => {
      if (!res.writableFinished && !droppedByServer && !stopping) {
        s.stats.aborted++;
        s.events.emit('aborted', { method, path, route: routeName });
      }
      controller.abort(new Error('client disconnected'));
      controllers.delete(controller);
    });

    const dialect = admin ? standard : s.dialects.current();
    const r: Request = { req, res, method, path, query, match, signal: controller.signal, dialect };
    const fault = admin ? undefined : s.faults.take(method, path);
    const respond = (reply: Reply) => {
      if (reply.status === 401) s.stats.denied++;
      if (fault?.kind === 'drop') {
        // The work is done and committed; only the answer is lost, as when a connection breaks.
        droppedByServer = true;
        res.destroy();
        return;
      }
      status = reply.status;
      bump(s.stats.byStatus, String(reply.status));
      sendReply(res, reply, fault?.kind === 'malformed');
    };

    try {
      if (fault) {
        s.stats.faultsInjected++;
        s.events.emit('fault', { id: fault.id, kind: fault.kind, method, path });
        if (fault.latencyMs > 0) await sleep(fault.latencyMs, undefined, { signal: r.signal });
        if (await preempt(fault, r, respond)) return;
      }
      if (!admin && s.options.requestLatencyMs > 0)
        await sleep(s.options.requestLatencyMs, undefined, { signal: r.signal });
      respond(await dispatch(s, baseUrl, r));
    } catch (error) {
      if (r.signal.aborted) return;
      respond(toReply(s, error, r));
    } finally {
      s.events.emit('request', { method, path, route: routeName, status, ms: Date.now() - started });
    }
  }

  return {
    listener(req: IncomingMessage, res: ServerResponse): void {
      const work = handle(req, res).catch((error: unknown) => {
        s.options.log(`request handling failed: ${String(error)}`);
        if (!res.headersSent) res.destroy();
      });
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },

    /** Stops hung and running requests; the promise settles when their handlers have finished. */
    drain(): Promise<unknown> {
      stopping = true;
      for (const controller of controllers) controller.abort(new Error('sandbox stopping'));
      return Promise.allSettled([...pending]);
    },
  };
}
