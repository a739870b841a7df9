import fs from 'node:fs/promises';
import path from 'node:path';
import { isAllowedDocumentUrl, OPENAPI_DOCUMENT_MAX_BYTES, type OpenApiSource } from '../../../../shared/openapi';
import { AppException, fail } from '../../errors';
import {
  followRedirects,
  LocalFailure,
  PlatformError,
  RedirectRefused,
  type HttpClient,
  type HttpRequest,
  type Route,
} from '../http';
import { readCapped } from '../http/read-body';

export interface LoadedDocument {
  text: string;
  /** How messages name it: "The document", a file name or the URL. */
  label: string;
  /** Relative server URLs are read against it. */
  url?: string;
}

export interface LoadDeps {
  http: Pick<HttpClient, 'request'>;
  maxBytes?: number;
  /** A document download's budget; default 30 s. */
  deadlineMs?: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

function tooLarge(label: string, size: number | null, max: number): AppException {
  const what = size === null ? `is larger than ${mb(max)}` : `is ${mb(size)}`;
  return new AppException({
    code: 'too_large',
    message: `${label} ${what}; the largest document Atelier reads is ${mb(max)}.`,
    hint: 'Nothing was read or changed.',
  });
}

/** The document's text, refusing anything over the cap before it is read (or downloaded) in full. */
export async function loadSource(source: OpenApiSource, deps: LoadDeps): Promise<LoadedDocument> {
  const max = deps.maxBytes ?? OPENAPI_DOCUMENT_MAX_BYTES;
  if (source.kind === 'text') return { text: source.text, label: source.name ?? 'The document' };
  if (source.kind === 'file') return loadFile(source.path, max);
  return loadUrl(source.url, deps, max);
}

async function loadFile(file: string, max: number): Promise<LoadedDocument> {
  const label = path.basename(file);
  if (!path.isAbsolute(file)) fail('validation', `"${file}" is not a full file path.`);
  if (!/\.(json|ya?ml)$/i.test(file)) fail('validation', `${label} is not a .json, .yaml or .yml file.`);
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) fail('not_found', `There is no file ${file}.`);
  if (stat.size > max) throw tooLarge(label, stat.size, max);
  const text = await fs
    .readFile(file, 'utf8')
    .catch(() => fail('storage', `${label} could not be read.`, { hint: 'Check that the file is readable.' }));
  return { text, label };
}

/**
 * Each address of a download, redirects included, held to the rule the first one passed (https, or http on this
 * computer).
 */
function documentRoute(deps: LoadDeps): Route {
  return (next) =>
    isAllowedDocumentUrl(next)
      ? (req) => deps.http.request(req)
      : {
          refused:
            `it redirects to ${next.slice(0, 200)}, which is not an https:// address (plain http only ` +
            `for this computer)`,
        };
}

async function loadUrl(url: string, deps: LoadDeps, max: number): Promise<LoadedDocument> {
  const label = url;
  const req: HttpRequest = {
    method: 'GET',
    url,
    headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5' },
    deadlineMs: deps.deadlineMs ?? 30_000,
    maxAttempts: 2,
    consume: async (answer) => {
      const declared = Number(answer.headers.get('content-length'));
      if (declared > max) throw new LocalFailure(tooLarge(label, declared, max));
      const { text, truncated } = await readCapped(answer, max);
      if (truncated) throw new LocalFailure(tooLarge(label, null, max));
      return text;
    },
  };
  try {
    const res = await followRedirects(req, { route: documentRoute(deps) });
    return { text: typeof res.consumed === 'string' ? res.consumed : '', label, url };
  } catch (e) {
    if (e instanceof PlatformError) throw downloadFailed(e, url);
    if (e instanceof RedirectRefused) {
      const hint =
        'Nothing was read or changed. Use the address the document really is at, or save it and open the file.';
      throw new AppException({
        code: 'validation',
        message: `The document could not be downloaded: ${e.reason.replace(/^The address/, 'its address')}.`,
        hint,
      });
    }
    throw e;
  }
}

/** The client speaks of "the platform"; here it is whatever server holds the document. */
function downloadFailed(e: PlatformError, url: string): AppException {
  const host = new URL(url).host;
  const why = e.status
    ? `${host} answered HTTP ${e.status}`
    : e.error.code === 'offline'
      ? `${host} cannot be reached or did not answer in time`
      : e.error.message;
  return new AppException({
    code: e.error.code === 'offline' ? 'offline' : 'unavailable',
    message: `The document could not be downloaded: ${why}.`,
    hint: 'Check the address, or save the document and open the file.',
  });
}
