/**
 * Storing what an answer produced: inline media is decoded, URLs are downloaded (see
 * media-download.ts), each output is hashed into the blob store and described (kind, size, a
 * poster frame for video). Used for a fresh answer and for a stored answer read again.
 */
import type { AiMediaKind, AiProgress } from '../../../shared/ai';
import { AI_IO } from '../../../shared/ai';
import type { AiOperation } from '../../../shared/profile';
import { AppException } from '../errors';
import type { BlobStore } from '../library/files/blob-store';
import { sniffMediaType } from '../library/files/media-kind';
import type { MediaTools } from '../library/files/media-tools';
import { probeMedia } from '../library/files/probe';
import { makeThumbnail } from '../library/files/thumbnail';
import { RedirectRefused, type HttpRequest, type HttpResponse } from '../platform/http';
import type { OutputRow, StoredAnswer } from './job-store';
import { downloadMedia, MAX_RESULT_BYTES, mediaRoute } from './media-download';
import type { ParsedOutput } from './response';
import type { ReadAnswer } from './response-map';

export interface ResultStoreDeps {
  send(req: HttpRequest): Promise<HttpResponse>;
  fetchPlain(req: HttpRequest): Promise<HttpResponse>;
  blobs: BlobStore;
  tools(): Promise<MediaTools>;
  /** Largest result stored (default 2 GB). */
  maxResultBytes?: number;
}

type NewOutput = Omit<OutputRow, 'job_id' | 'asset_id'>;

function kindOf(mime: string | null, head: Uint8Array | null): { kind: AiMediaKind; mime: string } | null {
  const m = mime?.toLowerCase().split(';')[0]?.trim() ?? '';
  if (m.startsWith('image/') || m.startsWith('video/') || m.startsWith('audio/')) return { kind: m.split('/')[0] as AiMediaKind, mime: m };
  const sniffed = head ? sniffMediaType(head) : null;
  return sniffed && sniffed.kind !== 'other' ? { kind: sniffed.kind, mime: sniffed.mime } : null;
}

/** The body's bytes, unless it is not JSON-safe base64 (then null and the output is left raw). */
function decodeInline(data: string): Buffer | null {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const b64 = (comma >= 0 ? data.slice(comma + 1) : data).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(b64)) return null;
  return Buffer.from(b64, b64.includes('-') || b64.includes('_') ? 'base64url' : 'base64');
}

const GENERIC_NOTE = 'The answer has no field Atelier recognises as the result. Point at the field that holds it to teach Atelier where to look.';

export class ResultStore {
  constructor(private readonly deps: ResultStoreDeps) {}

  /** Every output of an answer, stored; what could not be kept is said in the note and the answer stays raw. */
  async storeAll(answer: ReadAnswer, op: AiOperation, baseUrl: string | null, signal: AbortSignal, progress: (p: AiProgress) => void): Promise<StoredAnswer> {
    const outputs: NewOutput[] = [];
    const notes: string[] = answer.note ? [answer.note] : [];
    let unknownShape = answer.unknownShape;
    const total = answer.outputs.length;
    for (const [idx, out] of answer.outputs.entries()) {
      progress({ phase: 'receiving', fraction: idx / total });
      const stored = await this.storeOne(out, idx, baseUrl, signal, (f) => progress({ phase: 'receiving', fraction: (idx + f) / total }));
      if (typeof stored === 'string') {
        unknownShape = true;
        notes.push(stored);
      } else outputs.push(stored);
    }
    if (AI_IO[op].output !== 'text' && outputs.length === 0 && answer.text === null) unknownShape = true;
    if (unknownShape && notes.length === 0) notes.push(GENERIC_NOTE);
    return { text: answer.text, unknownShape, note: unknownShape ? notes.map((n) => n.replace(/\.?$/, '.')).join(' ') : null, outputs };
  }

  /** Download (or decode) one output; a sentence saying why when it is not media Atelier can keep. */
  private async storeOne(out: ParsedOutput, idx: number, baseUrl: string | null, signal: AbortSignal, onFraction: (f: number) => void): Promise<NewOutput | string> {
    const { deps } = this;
    let sha: string;
    let size: number;
    let head: Uint8Array | null;
    let mime = out.mimeType;
    if (out.data !== null) {
      const bytes = decodeInline(out.data);
      if (!bytes) return `Result ${idx + 1} is not valid base64`;
      head = bytes.subarray(0, 64);
      ({ sha256: sha, size } = await deps.blobs.putBuffer(bytes, { signal, label: 'an AI result' }));
    } else if (out.url !== null) {
      // Credentials go only to the platform itself, never to another host named in an answer or a redirect.
      const route = mediaRoute(baseUrl, { platform: deps.send, plain: deps.fetchPlain });
      const got = await downloadMedia(out.url, { route, blobs: deps.blobs, signal, maxBytes: deps.maxResultBytes ?? MAX_RESULT_BYTES, onFraction }).catch((e: unknown) => {
        if (e instanceof RedirectRefused) return e.reason;
        throw e;
      });
      if (typeof got === 'string') return got;
      ({ sha256: sha, size, head } = got);
      mime ??= got.contentType;
    } else return `Result ${idx + 1} has neither a URL nor data`;
    if (out.sha256 !== null && out.sha256 !== sha) {
      throw new AppException({ code: 'unavailable', message: 'A result arrived damaged (its checksum did not match).', hint: 'Retry the job; the platform will send it again.' });
    }
    const type = kindOf(mime, head);
    if (!type) return `Result ${idx + 1} is not an image, a video or audio Atelier recognises`;
    return { idx, kind: type.kind, sha256: sha, mime_type: type.mime, size_bytes: size, ...(await this.describe(sha, type.kind, out)), remote_url: out.url };
  }

  /** Size, duration and a poster frame, from the answer when it says, else from the file. */
  private async describe(sha: string, kind: AiMediaKind, out: ParsedOutput): Promise<Pick<NewOutput, 'width' | 'height' | 'duration_ms' | 'thumb_sha256'>> {
    let { width, height, durationMs } = out;
    let thumb: string | null = null;
    const file = this.deps.blobs.path(sha);
    if (kind !== 'audio') {
      const tools = await this.deps.tools();
      if (width === null || height === null || (kind === 'video' && durationMs === null)) {
        const probe = await probeMedia(file, kind, tools).catch(() => null);
        width ??= probe?.width ?? null;
        height ??= probe?.height ?? null;
        durationMs ??= probe?.durationMs ?? null;
      }
      if (kind === 'video') {
        const still = await makeThumbnail(file, 'video', tools, durationMs === null ? {} : { durationMs }).catch(() => null);
        if (still?.state === 'ready') thumb = (await this.deps.blobs.putBuffer(still.data, { label: 'a poster frame' })).sha256;
      }
    }
    return { width, height, duration_ms: durationMs, thumb_sha256: thumb };
  }
}
