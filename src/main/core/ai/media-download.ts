/**
 * Downloading a result an answer names by URL. The platform's own address gets the user's
 * credentials; any other host gets none and is only reached over https or on this computer
 * (loopback), so an answer cannot make Atelier fetch plain-http pages on the network or open
 * file:/javascript: addresses. Redirects are followed here, not by fetch: every Location is
 * judged by the same rule, and once a hop leaves the platform the rest go without credentials.
 * Every download is size-capped and hashed as it is stored.
 */
import { SMALL_BYTES, type BlobStore, type PutResult, type Written } from '../library/files/blob-store';
import { IntakeRefusal, intakeWords } from '../library/files/intake-words';
import { followRedirects, LocalFailure, type HttpRequest, type Route, type Sender } from '../platform/http';
const DOWNLOAD_DEADLINE_MS = 10 * 60 * 1000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type UrlVerdict = { kind: 'platform' } | { kind: 'other' } | { kind: 'refused'; reason: string };

/**
 * Where a result URL may be fetched from, and with what (see the file comment); `subject` starts the refusal's words.
 */
export function judgeMediaUrl(
  raw: string,
  platformBase: string | null,
  subject = 'The answer names a result',
): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'refused', reason: `${subject} at "${raw.slice(0, 80)}", which is not a web address` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'refused', reason: `${subject} at a "${url.protocol}" address, which Atelier never opens` };
  }
  if (platformBase !== null && url.origin === new URL(platformBase).origin) return { kind: 'platform' };
  if (url.protocol === 'https:' || LOOPBACK.has(url.hostname)) return { kind: 'other' };
  return {
    kind: 'refused',
    reason:
      `${subject} on another host over plain http (${url.host}); ` +
      `Atelier downloads from other hosts only over https`,
  };
}

/**
 * Which client fetches each address of one download: the platform's (with credentials) while
 * the chain stays on the platform's origin, the plain one from the first hop that leaves it on,
 * even if a later hop comes back (that address was chosen by another host).
 */
export function mediaRoute(platformBase: string | null, clients: { platform: Sender; plain: Sender }): Route {
  let left = false;
  return (url, hop) => {
    const verdict = judgeMediaUrl(
      url,
      platformBase,
      hop === 0 ? 'The answer names a result' : 'A redirect leads to a result',
    );
    if (verdict.kind === 'refused') return { refused: verdict.reason };
    if (verdict.kind === 'other') left = true;
    return left ? clients.plain : clients.platform;
  };
}

/** Past the cap the download stops at once, refused in the intake's words (as a file that size would be). */
export function tooLargeError(maxBytes: number): IntakeRefusal {
  return new IntakeRefusal(intakeWords.tooLarge(maxBytes));
}

export interface Downloaded {
  sha256: string;
  size: number;
  /** The content type the server gave, if any. */
  contentType: string | null;
  /** The first bytes, to recognise the media. */
  head: Uint8Array | null;
  /** The store already held this content. */
  existed: boolean;
}

export interface DownloadOptions {
  /** The client for each address of the download, redirects included (see `mediaRoute`). */
  route: Route;
  blobs: BlobStore;
  signal: AbortSignal;
  maxBytes: number;
  onFraction(f: number): void;
  /** Told once the whole body is in hand, before it is stored (the platform has nothing more to send). */
  onReceived?: () => void;
  /**
   * Runs on the whole download before it is stored (see BlobStore's PutOptions.check); the server's content type is
   * given.
   */
  check?: (tempFile: string, written: Written, contentType: string | null) => Promise<void>;
}

/**
 * A download that ends within SMALL_BYTES is stored from memory (the store's quicker way for small
 * files); a longer one streams on, its first chunks included, holding no more than that in memory.
 */
async function store(
  blobs: BlobStore,
  source: AsyncGenerator<Uint8Array>,
  options: Parameters<BlobStore['putStream']>[1],
): Promise<PutResult> {
  const first: Uint8Array[] = [];
  let size = 0;
  while (size <= SMALL_BYTES) {
    const next = await source.next();
    if (next.done) return blobs.putBuffer(Buffer.concat(first, size), options);
    first.push(next.value);
    size += next.value.byteLength;
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    yield* first;
    yield* source;
  }
  return blobs.putStream(all(), options);
}

/**
 * Stream one URL into the blob store, refusing more than `maxBytes` (announced or received). A
 * refused address, first or redirected to, rejects with RedirectRefused before any request goes there.
 */
export async function downloadMedia(url: string, opts: DownloadOptions): Promise<Downloaded> {
  let head: Uint8Array | null = null;
  let contentType: string | null = null;
  const req: HttpRequest = {
    method: 'GET',
    url,
    deadlineMs: DOWNLOAD_DEADLINE_MS,
    signal: opts.signal,
    consumeStream: async (answer, sig) => {
      const length = Number(answer.header('content-length'));
      contentType = answer.header('content-type');
      // The client stops the download when its consumer gives up.
      if (length > opts.maxBytes) throw new LocalFailure(tooLargeError(opts.maxBytes));
      const check =
        opts.check &&
        ((temp: string, written: Written) => opts.check?.(temp, written, contentType) ?? Promise.resolve());
      const body = answer.stream();
      let got = 0;
      let readError: unknown = null;
      let tooBig = false;
      async function* chunks(): AsyncGenerator<Uint8Array> {
        for (;;) {
          let next: IteratorResult<Uint8Array>;
          try {
            next = await body.next();
          } catch (e) {
            readError = e;
            throw e;
          }
          if (next.done) {
            opts.onReceived?.();
            return;
          }
          head ??= next.value.subarray(0, 64);
          got += next.value.byteLength;
          if (got > opts.maxBytes) {
            tooBig = true;
            throw new Error('over the size cap');
          }
          if (length > 0) opts.onFraction(Math.min(1, got / length));
          yield next.value;
        }
      }
      try {
        return await store(opts.blobs, chunks(), { signal: sig, label: 'an AI result', ...(check && { check }) });
      } catch (e) {
        if (tooBig) throw new LocalFailure(tooLargeError(opts.maxBytes));
        if (readError !== null) throw readError; // the network failed: the client treats it as such
        throw new LocalFailure(e);
      }
    },
  };
  const res = await followRedirects(req, { route: opts.route });
  const stored = res.consumed as { sha256: string; size: number; existed: boolean };
  return { sha256: stored.sha256, size: stored.size, contentType, head, existed: stored.existed };
}
