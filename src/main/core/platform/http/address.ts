/** A parsed http(s) address with the parts every request reads, each computed once. */
export interface Address {
  readonly href: string;
  readonly host: string;
  readonly origin: string;
  /** Path and query, as sent on the request line. */
  readonly path: string;
  /** Origin and path without the query (it may carry tokens): what logs show. */
  readonly logged: string;
}

/** Addresses kept parsed; past this many (ids in paths, changing queries) the cache starts over. */
const KEPT = 512;

/**
 * Parses request addresses, keeping the last few hundred: a client sends to the same handful
 * again and again (every create of a drain to one endpoint, every page of a list to another),
 * and URL's parser and getters cost more than the rest of preparing a request.
 */
export class Addresses {
  private readonly known = new Map<string, Address>();

  /** The address of `text`; a TypeError when it is not an absolute http(s) URL. */
  get(text: string): Address {
    const hit = this.known.get(text);
    if (hit !== undefined) return hit;
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('not an http(s) URL');
    const { origin, pathname } = url;
    const address: Address = {
      href: url.href,
      host: url.host,
      origin,
      path: pathname + url.search,
      logged: origin + pathname,
    };
    if (this.known.size >= KEPT) this.known.clear();
    this.known.set(text, address);
    return address;
  }
}
