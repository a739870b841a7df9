/**
 * Following redirects ourselves, for GETs whose address comes from outside (a result URL in an
 * answer, an OpenAPI document's address). fetch would follow them blindly: to plain http on the
 * network, and with every header but Authorization to another host. Here each address, the
 * first and every Location, is judged by the caller before any request goes to it, and the
 * caller picks the client for it (with or without credentials).
 */
import { isRedirectStatus } from './redirect-status';
import type { HttpRequest, HttpResponse } from './types';

/** Redirects followed at most, after the first request. */
export const MAX_REDIRECTS = 5;

/** Why a request or one of its redirects was not followed, in words (a refused address, too many hops). */
export class RedirectRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RedirectRefused';
  }
}

export type Sender = (req: HttpRequest) => Promise<HttpResponse>;

/** The client that may fetch `url` (hop 0 is the first address), or words saying why nothing is sent there. */
export type Route = (url: string, hop: number) => Sender | { refused: string };

export interface FollowOptions {
  route: Route;
  maxRedirects?: number;
  now?: () => number;
}

/** Send `req` (a GET) and follow its redirects, judging each address first; the deadline covers every hop. */
export async function followRedirects(req: HttpRequest, opts: FollowOptions): Promise<HttpResponse> {
  const max = opts.maxRedirects ?? MAX_REDIRECTS;
  const now = opts.now ?? Date.now;
  const started = now();
  let url = req.url;
  for (let hop = 0; ; hop += 1) {
    const send = opts.route(url, hop);
    if (typeof send !== 'function') throw new RedirectRefused(send.refused);
    const deadlineMs = req.deadlineMs === undefined ? undefined : Math.max(1, req.deadlineMs - (now() - started));
    const res = await send({ ...req, url, redirect: 'manual', ...(deadlineMs !== undefined && { deadlineMs }) });
    if (!isRedirectStatus(res.status)) return res;
    if (hop >= max)
      throw new RedirectRefused(`The address redirected more than ${max} times, so Atelier stopped following it`);
    url = nextAddress(res.headers.get('location') ?? '', url);
  }
}

function nextAddress(location: string, from: string): string {
  try {
    return new URL(location, from).href;
  } catch {
    throw new RedirectRefused(`The address redirected to "${location.slice(0, 80)}", which is not a web address`);
  }
}
