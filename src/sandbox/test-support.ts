// Helpers for the sandbox's own tests (and any test that talks to a sandbox): plain fetch over loopback.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox } from './server';
import type { SandboxOptions } from './options';

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON; loosely typed so assertions stay short. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as-is instead of JSON-encoding body. */
  rawBody?: string | Buffer;
  token?: string;
  /** Authorization header value exactly as given (overrides token). */
  authorization?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body, signal: options.signal });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  account_id: string;
}

export async function login(
  sandbox: Sandbox,
  username = sandbox.demo.username,
  password = sandbox.demo.password,
): Promise<Tokens> {
  const response = await call(sandbox.url, 'POST', '/user/login', { body: { username, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return response.body as Tokens;
}

export function refresh(sandbox: Sandbox, refreshToken: string, client = sandbox.demo): Promise<ApiResponse> {
  return call(sandbox.url, 'POST', '/user/token/refresh', {
    body: { refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret },
  });
}

/** Fast defaults for tests: no AI latency. */
export function testSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ aiLatencyMs: 0, ...options });
}

/** A 16-bit PCM WAV written by hand, interleaved channels. */
export function writeWav(channels: Float32Array[], sampleRate: number): Buffer {
  const frames = channels[0]?.length ?? 0;
  const blockAlign = channels.length * 2;
  const data = Buffer.alloc(44 + frames * blockAlign);
  data.write('RIFF', 0, 'ascii');
  data.writeUInt32LE(36 + frames * blockAlign, 4);
  data.write('WAVE', 8, 'ascii');
  data.write('fmt ', 12, 'ascii');
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(channels.length, 22);
  data.writeUInt32LE(sampleRate, 24);
  data.writeUInt32LE(sampleRate * blockAlign, 28);
  data.writeUInt16LE(blockAlign, 32);
  data.writeUInt16LE(16, 34);
  data.write('data', 36, 'ascii');
  data.writeUInt32LE(frames * blockAlign, 40);
  for (let f = 0; f < frames; f++) {
    channels.forEach((channel, c) => {
      const v = Math.max(-1, Math.min(1, channel[f] ?? 0));
      data.writeInt16LE(Math.round(v * 32767), 44 + f * blockAlign + c * 2);
    });
  }
  return data;
}

/** A sine tone followed by silence. */
export function toneThenSilence(
  sampleRate: number,
  toneS: number,
  silenceS: number,
  hz: number,
  amplitude: number,
): Float32Array {
  const tone = Math.round(sampleRate * toneS);
  const samples = new Float32Array(tone + Math.round(sampleRate * silenceS));
  for (let i = 0; i < tone; i++) samples[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  return samples;
}

export interface ProbeResult {
  codec: string;
  width: number;
  height: number;
  frames: number;
  durationS: number;
}

/** ffprobe on a buffer through stdin (fragmented MP4 reads fine from a pipe). */
export function ffprobe(data: Buffer): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'ffprobe',
      [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,width,height,nb_read_frames:format=duration',
        '-of',
        'json',
        'pipe:0',
      ],
      { encoding: 'utf8' },
      (error, stdout) => {
        if (error) return reject(error);
        const parsed = JSON.parse(stdout) as {
          streams: { codec_name: string; width: number; height: number; nb_read_frames: string }[];
          format: { duration: string };
        };
        const stream = parsed.streams[0];
        if (!stream) return reject(new Error('no video stream'));
        resolve({
          codec: stream.codec_name,
          width: stream.width,
          height: stream.height,
          frames: Number(stream.nb_read_frames),
          durationS: Number(parsed.format.duration),
        });
      },
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(data);
  });
}

/** Downloads a produced file with the caller's token. */
export async function download(url: string, token: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`download failed: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * A sandbox for one describe block, started and signed in before its tests and stopped after:
 * `api` calls it with the demo account's access token.
 */
export function signedInSandbox() {
  const held: { sandbox: Sandbox | null; token: string } = { sandbox: null, token: '' };
  beforeAll(async () => {
    held.sandbox = await testSandbox();
    held.token = (await login(held.sandbox)).access_token;
  });
  afterAll(() => held.sandbox?.stop());
  const sandbox = (): Sandbox => {
    if (!held.sandbox) throw new Error('the sandbox starts in beforeAll; use it inside a test');
    return held.sandbox;
  };
  return {
    get sandbox() {
      return sandbox();
    },
    get token() {
      return held.token;
    },
    api: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(sandbox().url, method, path, { token: held.token, body, headers }),
  };
}
