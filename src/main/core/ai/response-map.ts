/**
 * Reading an AI answer the way the profile's `ai.<op>.response` map says. Every path is read from
 * the answer's root; a configured path that finds nothing makes the answer "unknown shape" with
 * words naming that path (the raw answer is kept), never a crash. Without a map the common shapes
 * are read by `parseAnswer`, exactly as before.
 */
import { findFirst, readFirstText } from '../../../shared/field-path';
import type { AiResponseMap, ErrorFields } from '../../../shared/profile';
import { parseAnswer, readOutputItem, type ParsedAnswer, type ParsedOutput } from './response';

export interface ReadAnswer extends ParsedAnswer {
  /** Why the answer (or part of it) could not be read, in words; null when everything configured was found. */
  note: string | null;
  /** The platform's id of the job (asynchronous operations), when the map names where it is. */
  jobId: string | null;
  /** The generation's state as the answer gives it, when the map names where it is. */
  status: string | null;
}

const bare = (o: Partial<ParsedOutput>): ParsedOutput => ({
  url: null,
  data: null,
  mimeType: null,
  sha256: null,
  width: null,
  height: null,
  durationMs: null,
  ...o,
});

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function dataUrl(s: string): ParsedOutput | null {
  if (!/^data:/i.test(s)) return null;
  const semi = s.indexOf(';');
  const comma = s.indexOf(',');
  const end = semi > 0 && semi < comma ? semi : comma;
  return bare({ data: s, mimeType: end > 5 ? s.slice(5, end) : null });
}

/**
 * A media string as the map's encoding says; `auto`: a data: URL, another URL (any scheme, judged later), else base64.
 */
function fromString(s: string, encoding: AiResponseMap['mediaEncoding']): ParsedOutput | null {
  const compact = s.replace(/\s+/g, '');
  switch (encoding) {
    case 'url':
      return bare({ url: s.trim() });
    case 'base64':
      return BASE64.test(compact) ? bare({ data: s }) : null;
    case 'data-url':
      return dataUrl(s.trim());
    default:
      if (/^data:/i.test(s.trim())) return dataUrl(s.trim());
      if (SCHEME.test(s.trim())) return bare({ url: s.trim() });
      return compact.length >= 4 && BASE64.test(compact) ? bare({ data: s }) : null;
  }
}

/** Lists (from `*` paths or the answer itself) are flattened: one output per item. */
function flatten(value: unknown): unknown[] {
  return Array.isArray(value) ? value.flatMap(flatten) : [value];
}

const quoted = (paths: readonly string[]) => paths.map((p) => `"${p}"`).join(' or ');

function readMedia(
  body: unknown,
  map: AiResponseMap,
): { outputs: ParsedOutput[]; missing: string | null; skipped: string | null } {
  if (!map.media) return { outputs: [], missing: null, skipped: null };
  const hit = findFirst(body, map.media);
  if (!hit) return { outputs: [], missing: `the media at ${quoted(map.media)}`, skipped: null };
  const mime = readFirstText(body, map.mimeType) ?? null;
  const outputs: ParsedOutput[] = [];
  let skipped = 0;
  for (const item of flatten(hit.value)) {
    const out = typeof item === 'string' ? fromString(item, map.mediaEncoding) : readOutputItem(item, true);
    if (out) outputs.push(out.mimeType === null && mime !== null ? { ...out, mimeType: mime } : out);
    else skipped += 1;
  }
  const skippedNote =
    skipped > 0
      ? `${skipped === 1 ? 'A value' : `${skipped} values`} at "${hit.path}" ${skipped === 1 ? 'is' : 'are'} not ` +
        `media Atelier can read (a URL, base64, a data: URL, or an object with url or data)`
      : null;
  return { outputs, missing: null, skipped: skippedNote };
}

function readText(body: unknown, map: AiResponseMap): { text: string | null; missing: string | null } {
  if (!map.text) return { text: null, missing: null };
  const hit = findFirst(body, map.text);
  const value = hit?.value;
  const parts = flatten(value).filter(
    (v): v is string | number =>
      (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v)),
  );
  if (parts.length === 0) return { text: null, missing: `text at ${quoted(map.text)}` };
  return { text: parts.map(String).join('\n'), missing: null };
}

function failureOf(
  body: unknown,
  status: string | null,
  failedValues: readonly string[],
  errors: ErrorFields,
): string | null {
  if (status === null || !failedValues.some((v) => v.toLowerCase() === status.toLowerCase())) return null;
  return readFirstText(body, errors.message) ?? `The platform reported the generation as "${status}".`;
}

/** Read an answer with the profile's map (see the file comment). */
export function readMapped(body: unknown, map: AiResponseMap, errors: ErrorFields): ReadAnswer {
  const status = readFirstText(body, map.status) ?? null;
  const jobId = readFirstText(body, map.jobId) ?? null;
  const failure = failureOf(body, status, map.failedValues, errors);
  // A map that names neither media nor text leaves the result to the common shapes (it may only say where the job id
  // is).
  if (!map.media && !map.text) {
    const common = parseAnswer(body);
    return { ...common, failure: failure ?? (map.status ? null : common.failure), note: null, jobId, status };
  }
  const media = readMedia(body, map);
  const text = readText(body, map);
  const empty = media.outputs.length === 0 && text.text === null;
  const missing = [media.missing, text.missing].filter((m): m is string => m !== null);
  const notes = [
    media.skipped,
    empty && missing.length > 0
      ? `The profile says to find ${missing.join(' and ')}, but the answer has nothing there`
      : null,
  ].filter((n): n is string => n !== null);
  return {
    text: text.text,
    outputs: media.outputs,
    unknownShape: media.skipped !== null || (empty && failure === null),
    failure,
    note: notes.length > 0 ? `${notes.join('. ')}.` : null,
    jobId,
    status,
  };
}

/** The answer read by the map when the profile has one, else by the common shapes. */
export function readAnswer(body: unknown, map: AiResponseMap | undefined, errors: ErrorFields): ReadAnswer {
  if (map) return readMapped(body, map, errors);
  return { ...parseAnswer(body), note: null, jobId: null, status: null };
}
