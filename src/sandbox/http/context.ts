import type { IncomingMessage } from 'node:http';
import type { Dialect } from '../dialects/dialect';
import { readBody, parseJsonObject } from './body';
import { HttpError } from './errors';

/** Who a request acts for, once its Authorization header has been accepted. */
export interface Principal {
  accountId: string;
  kind: 'access_token' | 'api_key';
  /** Token family or API key id: the unit rate limits and revocation apply to. */
  credentialId: string;
}

export interface RequestContext {
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  principal: Principal | null;
  /** Aborted when the client disconnects before the response (or the sandbox stops). */
  signal: AbortSignal;
  baseUrl: string;
  /** The reading this request is answered in (fixed when it arrives, whatever the switch does meanwhile). */
  dialect: Dialect;
  header(name: string): string | undefined;
  /** Reads the body (within the route's limit) as a JSON object; allowEmpty turns no body into {}. */
  json(options?: { allowEmpty?: boolean }): Promise<Record<string, unknown>>;
}

export function createContext(init: {
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  signal: AbortSignal;
  baseUrl: string;
  dialect: Dialect;
  bodyLimit: number;
}): RequestContext {
  let body: Promise<Buffer> | undefined;
  return {
    ...init,
    principal: null,
    header: (name) => {
      const value = init.req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
    json: async (options) => {
      body ??= readBody(init.req, init.bodyLimit);
      const data = await body;
      if (options?.allowEmpty && data.toString('utf8').trim() === '') return {};
      return parseJsonObject(data);
    },
  };
}

/** The account of an authenticated route; routes without auth never call this. */
export function accountOf(ctx: RequestContext): string {
  if (!ctx.principal) throw new HttpError(500, 'internal', 'route used an account without authentication');
  return ctx.principal.accountId;
}
