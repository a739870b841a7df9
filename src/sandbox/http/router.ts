import type { RequestContext } from './context';
import type { Reply } from './reply';

export type AuthMode = 'none' | 'required' | 'access_token';

export interface RouteDef {
  method: string;
  /** Path with ":name" segments, e.g. "/v2/assets/:id". */
  pattern: string;
  /** "required": access token or API key; "access_token": a logged-in user only. */
  auth: AuthMode;
  /** Admin routes skip faults, rate limits and the added latency. */
  admin?: boolean;
  bodyLimit?: 'ai' | 'other';
  handler: (ctx: RequestContext) => Promise<Reply> | Reply;
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; params: Record<string, string>; name: string }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allow: string[] };

function matchPattern(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] as string;
    const got = segments[i] as string;
    if (want.startsWith(':')) {
      if (got === '') return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}

export function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

export class Router {
  private readonly routes: { def: RouteDef; segments: string[] }[] = [];

  add(...defs: RouteDef[]): void {
    for (const def of defs) this.routes.push({ def, segments: splitPath(def.pattern) });
  }

  match(method: string, path: string): RouteMatch {
    const segments = splitPath(path);
    const allow = new Set<string>();
    for (const { def, segments: pattern } of this.routes) {
      const params = matchPattern(pattern, segments);
      if (!params) continue;
      if (def.method === method) return { kind: 'found', route: def, params, name: `${def.method} ${def.pattern}` };
      allow.add(def.method);
    }
    return allow.size > 0 ? { kind: 'method_not_allowed', allow: [...allow].sort() } : { kind: 'not_found' };
  }

  list(): RouteDef[] {
    return this.routes.map((r) => r.def);
  }
}
