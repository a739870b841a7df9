/**
 * Storing what an answer produced: inline media is decoded, URLs are downloaded (see
 * media-download.ts), each output passes the library's intake before it is hashed into the blob
 * store, and is described (kind, size, a poster frame for video). Used for a fresh answer and for
 * a stored answer read again.
 */
import fs from 'node:fs/promises';
import type { AiMediaKind, AiProgress } from '../../../shared/ai';
import { AI_IO } from '../../../shared/ai';
import type { AiOperation } from '../../../shared/profile';
import { AppException } from '../errors';
import type { BlobStore, Written } from '../library/files/blob-store';
import { type Accepted, checkIntake, IntakeRefusal, MAX_FILE_BYTES } from '../library/files/intake';
import { sniffMediaType, SNIFF_BYTES } from '../media/media-kind';
import { describeMedia, mediaFields, type MediaDescription, storePreview } from '../media/describe';
import type { MediaTools } from '../media/media-tools';
import { RedirectRefused, type HttpRequest, type HttpResponse } from '../platform/http';
import type { OutputRow, StoredAnswer } from './job-store';
import { downloadMedia, mediaRoute, type DownloadOptions, type Downloaded } from './media-download';
import type { ParsedOutput } from './response';
import type { ReadAnswer } from './response-map';

export interface ResultStoreDeps {
  send(req: HttpRequest): Promise<HttpResponse>;
  fetchPlain(req: HttpRequest): Promise<HttpResponse>;
  blobs: BlobStore;
  tools(): Promise<MediaTools>;
  /** Largest result stored (default MAX_FILE_BYTES, the library's own cap). */
  maxResultBytes?: number;
}

type NewOutput = Omit<OutputRow, 'job_id' | 'asset_id'>;

/** Whether the declared type or the first bytes say media at all (if not, the answer is kept raw for teaching). */
function isMedia(mime: string | null, head: Uint8Array): boolean {
  const m = mime?.toLowerCase().split(';')[0]?.trim() ?? '';
  if (m.startsWith('image/') || m.startsWith('video/') || m.startsWith('audio/')) return true;
  const sniffed = sniffMediaType(head);
  return sniffed !== null && sniffed.kind !== 'other';
}

/** The body's bytes, unless it is not JSON-safe base64 (then null and the output is left raw). */
function decodeInline(data: string): Buffer | null {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const b64 = (comma >= 0 ? data.slice(comma + 1) : data).replace(/\s+/g, '');
  // Nothing at all is an empty file: the intake says so in its own words.
  if (b64 === '') return Buffer.alloc(0);
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(b64)) return null;
  return Buffer.from(b64, b64.includes('-') || b64.includes('_') ? 'base64url' : 'base64');
}

async function firstBytes(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    return head.subarray(0, (await handle.read(head, 0, SNIFF_BYTES, 0)).bytesRead);
  } finally {
    await handle.close();
  }
}

/** Where one output sits in its answer, and what storing it reports to. */
interface OutputPlace {
  idx: number;
  label: string;
  baseUrl: string | null;
  signal: AbortSignal;
  /** Blobs stored on the way (removed again when the answer fails). */
  created: string[];
  /** Told when this output's bytes have all arrived (set for the answer's last download). */
  downloaded?: (() => void) | undefined;
}

/** Neither the declared type nor the content says media: nothing is stored and the answer stays raw. */
class NotMedia extends Error {}

const GENERIC_NOTE =
  'The answer has no field Atelier recognises as the result. ' +
  'Point at the field that holds it to teach Atelier where to look.';
const REFUSED_HINT =
  'Retry the job; if the same happens again, the platform is sending a file the library does not take.';

export class ResultStore {
  constructor(private readonly deps: ResultStoreDeps) {}

  /**
   * Every output of an answer, stored; what is not media is said in the note and the answer stays
   * raw. A file the intake refuses fails the whole answer, and what it stored on the way goes again.
   */
  async storeAll(
    answer: ReadAnswer,
    op: AiOperation,
    baseUrl: string | null,
    signal: AbortSignal,
    progress: ((p: AiProgress) => void) & { received?: () => void },
  ): Promise<StoredAnswer> {
    const outputs: NewOutput[] = [];
    const notes: string[] = answer.note ? [answer.note] : [];
    const created: string[] = [];
    let unknownShape = answer.unknownShape;
    const total = answer.outputs.length;
    // Once the last download is in hand nothing more comes from the platform: the rest is local work.
    const lastDownload = answer.outputs.findLastIndex((o) => o.data === null && o.url !== null);
    if (lastDownload < 0) progress.received?.();
    try {
      for (const [idx, out] of answer.outputs.entries()) {
        progress({ phase: 'receiving', fraction: idx / total });
        const label = total === 1 ? 'The result' : `Result ${idx + 1}`;
        const downloaded = idx === lastDownload ? progress.received : undefined;
        const stored = await this.storeOne(out, { idx, label, baseUrl, signal, created, downloaded }, (f) =>
          progress({ phase: 'receiving', fraction: (idx + f) / total }),
        );
        if (typeof stored === 'string') {
          unknownShape = true;
          notes.push(stored);
        } else outputs.push(stored);
      }
    } catch (e) {
      for (const sha of created) await this.deps.blobs.remove(sha).catch(() => false);
      throw e;
    }
    if (AI_IO[op].output !== 'text' && outputs.length === 0 && answer.text === null) unknownShape = true;
    if (unknownShape && notes.length === 0) notes.push(GENERIC_NOTE);
    return {
      text: answer.text,
      unknownShape,
      note: unknownShape ? notes.map((n) => n.replace(/\.?$/, '.')).join(' ') : null,
      outputs,
    };
  }

  /** Download (or decode) one output through the intake; a sentence saying why when it is not media. */
  private async storeOne(
    out: ParsedOutput,
    at: OutputPlace,
    onFraction: (f: number) => void,
  ): Promise<NewOutput | string> {
    const { deps } = this;
    const { idx, label, signal, created } = at;
    const tools = await deps.tools();
    const maxBytes = deps.maxResultBytes ?? MAX_FILE_BYTES;
    let accepted: Accepted | null = null;
    const check = async (temp: string, written: Written, declared: string | null) => {
      // The check runs on the whole file: the download is over.
      at.downloaded?.();
      // The store hands over the first bytes it wrote: the temp file is not read again for them.
      if (!isMedia(declared, written.head ?? (await firstBytes(temp)))) throw new NotMedia();
      accepted = await checkIntake(temp, { name: `result ${idx + 1}`, tools, maxBytes, signal, written });
    };
    let put: { sha256: string; size: number; existed: boolean };
    try {
      if (out.data !== null) {
        const bytes = decodeInline(out.data);
        if (!bytes) return `Result ${idx + 1} is not valid base64`;
        put = await deps.blobs.putBuffer(bytes, {
          signal,
          label: 'an AI result',
          check: (temp, written) => check(temp, written, out.mimeType),
        });
      } else if (out.url !== null) {
        const got = await this.download(out.url, at, maxBytes, onFraction, (temp, written, type) =>
          check(temp, written, out.mimeType ?? type),
        );
        if (typeof got === 'string') return got;
        put = got;
      } else return `Result ${idx + 1} has neither a URL nor data`;
    } catch (e) {
      if (e instanceof NotMedia) return `Result ${idx + 1} is not an image, a video or audio Atelier recognises`;
      if (e instanceof IntakeRefusal)
        throw new AppException({
          code: 'validation',
          message: `${label} could not be kept: ${e.message}`,
          hint: REFUSED_HINT,
        });
      throw e;
    }
    if (!put.existed) created.push(put.sha256);
    if (out.sha256 !== null && out.sha256 !== put.sha256) {
      throw new AppException({
        code: 'unavailable',
        message: 'A result arrived damaged (its checksum did not match).',
        hint: 'Retry the job; the platform will send it again.',
      });
    }
    const file = accepted as Accepted | null;
    if (!file) throw new Error('the intake did not run on a stored result');
    // Size and duration from the answer when it says, else what the intake learned.
    const media = describeMedia(
      { ...file, size: put.size },
      { width: out.width, height: out.height, durationMs: out.durationMs },
    );
    return {
      idx,
      sha256: put.sha256,
      width: null,
      height: null,
      duration_ms: null,
      ...mediaFields(media),
      thumb_sha256: await this.poster(put.sha256, media, created),
      remote_url: out.url,
    };
  }

  /** One result named by URL, downloaded into the store; a refused address (or redirect) says why in words. */
  private download(
    url: string,
    at: OutputPlace,
    maxBytes: number,
    onFraction: (f: number) => void,
    check: DownloadOptions['check'],
  ): Promise<Downloaded | string> {
    const { deps } = this;
    // Credentials go only to the platform itself, never to another host named in an answer or a redirect.
    const route = mediaRoute(at.baseUrl, { platform: deps.send, plain: deps.fetchPlain });
    return downloadMedia(url, {
      route,
      blobs: deps.blobs,
      signal: at.signal,
      maxBytes,
      onFraction,
      // The next job's request may go out while this result is written, synced and checked.
      ...(at.downloaded && { onReceived: at.downloaded }),
      ...(check && { check }),
    }).catch((e: unknown) => {
      if (e instanceof RedirectRefused) return e.reason;
      throw e;
    });
  }

  /** A video gets a poster frame for the gallery; images are their own preview and sound has none. */
  private async poster(sha: string, media: MediaDescription<AiMediaKind>, created: string[]): Promise<string | null> {
    if (media.kind !== 'video') return null;
    const preview = await storePreview(
      this.deps.blobs.path(sha),
      media,
      await this.deps.tools(),
      this.deps.blobs,
      'a poster frame',
    );
    if (preview.state !== 'ready') return null;
    if (preview.created) created.push(preview.sha256);
    return preview.sha256;
  }
}
