import { HttpError } from '../http/errors';
import type { FileStore } from './files';
import { FILES_PATH } from './files';

export interface MediaSource {
  data?: string | undefined;
  url?: string | undefined;
}

export interface InputEnv {
  accountId: string;
  files: FileStore;
  baseUrl: string;
  signal: AbortSignal;
  maxBytes: number;
}

const invalid = (message: string) => new HttpError(400, 'invalid_media', message);

/** Base64 (plain or as a data: URL) to bytes, refusing anything that is not base64. */
export function decodeBase64(value: string): Buffer {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  if (value.startsWith('data:') && (comma < 0 || !value.slice(0, comma).endsWith(';base64'))) {
    throw invalid('image.data data: URL must be base64-encoded');
  }
  const body = (comma >= 0 ? value.slice(comma + 1) : value).replace(/\s+/g, '');
  if (body === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) throw invalid('image.data is not valid base64');
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}

async function fetchRemote(url: URL, env: InputEnv): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([env.signal, AbortSignal.timeout(15_000)]),
      redirect: 'follow',
    });
  } catch (error) {
    if (env.signal.aborted) throw error;
    throw invalid(`image.url could not be fetched: ${(error as Error).message}`);
  }
  if (!response.ok) throw invalid(`image.url answered HTTP ${response.status}`);
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > env.maxBytes)
    throw new HttpError(413, 'payload_too_large', 'image.url points to a file larger than the AI input limit');
  return data;
}

/** The input media of an operation: image.data inline, or image.url (a sandbox file URL or any http(s) URL). */
export async function readMedia(source: MediaSource, env: InputEnv): Promise<Buffer> {
  if (source.data !== undefined) return decodeBase64(source.data);
  let url: URL;
  try {
    url = new URL(source.url ?? '');
  } catch {
    throw invalid('image.url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('image.url must be an http or https URL');
  const own = new URL(env.baseUrl);
  if (url.host === own.host && url.pathname.startsWith(`${FILES_PATH}/`)) {
    // Our own results are read straight from storage; the account must own them, as over HTTP.
    const file = env.files.get(env.accountId, decodeURIComponent(url.pathname.slice(FILES_PATH.length + 1)));
    if (!file) throw invalid('image.url names a sandbox file that does not exist for this account');
    return file.data;
  }
  return fetchRemote(url, env);
}
