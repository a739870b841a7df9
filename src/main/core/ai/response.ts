/**
 * Reading an AI answer. The platform does not publish the shape of its AI responses, so this
 * reads the common ones (outputs with URLs or inline base64, text under a few usual names) and
 * says when it found nothing it knows: the raw answer is then kept and shown, never guessed at.
 */

export interface ParsedOutput {
  url: string | null;
  /** Inline base64 (or a data: URL). */
  data: string | null;
  mimeType: string | null;
  sha256: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

export interface ParsedAnswer {
  text: string | null;
  outputs: ParsedOutput[];
  /** Nothing recognisable, or parts of it were not (kept raw either way). */
  unknownShape: boolean;
  /** The answer says the generation failed (a 2xx with a failure status). */
  failure: string | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const OUTPUT_LISTS = ['outputs', 'output', 'files', 'images', 'videos', 'media', 'results'];
const TEXT_FIELDS = ['text', 'output_text', 'caption', 'transcript', 'transcription', 'description', 'content'];
const URL_FIELDS = ['url', 'uri', 'href', 'file_url', 'download_url', 'src'];
const DATA_FIELDS = ['data', 'b64', 'base64', 'b64_json'];
const FAILED = new Set(['failed', 'error', 'errored', 'rejected']);

function str(o: Obj, names: string[]): string | null {
  for (const n of names) {
    const v = o[n];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return null;
}

function num(o: Obj, names: string[]): number | null {
  for (const n of names) {
    const v = o[n];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  }
  return null;
}

/**
 * One output from an item of an answer: a URL or data: string, or an object with url/data and
 * facts about the media. `anyScheme` keeps a URL of any scheme (a profile's map said it is media:
 * the download then refuses what is not https or loopback, with words) instead of skipping it.
 */
export function readOutputItem(item: unknown, anyScheme = false): ParsedOutput | null {
  if (typeof item === 'string') {
    if (/^https?:\/\//i.test(item))
      return { url: item, data: null, mimeType: null, sha256: null, width: null, height: null, durationMs: null };
    if (item.startsWith('data:'))
      return {
        url: null,
        data: item,
        mimeType: item.slice(5, item.indexOf(';')) || null,
        sha256: null,
        width: null,
        height: null,
        durationMs: null,
      };
    return null;
  }
  if (!isObj(item)) return null;
  const url = str(item, URL_FIELDS);
  const data = str(item, DATA_FIELDS);
  if (!url && !data) return null;
  if (url && !anyScheme && !/^https?:\/\//i.test(url)) return null;
  const sha = str(item, ['sha256', 'hash']);
  const seconds = num(item, ['duration_s', 'duration', 'seconds']);
  const ms = num(item, ['duration_ms']);
  const width = num(item, ['width', 'w']);
  const height = num(item, ['height', 'h']);
  return {
    url,
    data: url ? null : data,
    mimeType: str(item, ['mime_type', 'mimeType', 'content_type', 'type']),
    sha256: sha && /^[0-9a-f]{64}$/.test(sha) ? sha : null,
    width: width === null ? null : Math.round(width),
    height: height === null ? null : Math.round(height),
    durationMs: ms !== null ? Math.round(ms) : seconds !== null ? Math.round(seconds * 1000) : null,
  };
}

function readOne(o: Obj): ParsedAnswer | null {
  let outputs: ParsedOutput[] = [];
  let skipped = false;
  for (const name of OUTPUT_LISTS) {
    const list = o[name];
    if (list === undefined || list === null) continue;
    const items = Array.isArray(list) ? list : [list];
    for (const item of items) {
      const parsed = readOutputItem(item);
      if (parsed) outputs.push(parsed);
      else skipped = true;
    }
    if (Array.isArray(list) || outputs.length > 0) break;
  }
  if (outputs.length === 0 && typeof o.url === 'string') {
    const single = readOutputItem(o);
    if (single) outputs = [single];
  }
  const text = str(o, TEXT_FIELDS);
  const status = typeof o.status === 'string' ? o.status.toLowerCase() : null;
  const failure =
    status !== null && FAILED.has(status)
      ? (str(o, ['message', 'error', 'detail']) ?? `The platform reported the generation as "${status}".`)
      : null;
  if (outputs.length === 0 && text === null && failure === null) return null;
  return { text, outputs, unknownShape: skipped, failure };
}

/** Read an answer by its common shapes (used when the profile gives no `response` map). */
export function parseAnswer(body: unknown): ParsedAnswer {
  if (isObj(body)) {
    for (const candidate of [body, body.data, body.result, body.response]) {
      if (!isObj(candidate)) continue;
      const found = readOne(candidate);
      if (found) return found;
    }
  }
  return { text: null, outputs: [], unknownShape: true, failure: null };
}
