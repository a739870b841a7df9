// Test helper (not product code): a tiny platform with asynchronous AI jobs, on loopback, and the
// profile that polls it (test-async-core.ts connects a core with it).
import sharp from 'sharp';
import type { PlatformProfileInput } from '../../../shared/profile';
import { json, startServer, type TestServer } from '../platform/http/test-server';

export type Finish =
  | { state: 'running' }
  | { state: 'done'; result: unknown }
  | { state: 'failed'; message: string }
  | { html: string }
  /** Any answer at all (a 429 with Retry-After, a 401…). */
  | { raw: { status: number; body: unknown; headers?: Record<string, string> } };

export interface AsyncPlatform {
  server: TestServer;
  url: string;
  /** Submissions of an AI job (POST /v2/ai/…). */
  submissions(): number;
  /** Questions asked about job `id`. */
  polls(id?: string): number;
  /** What the next poll answers; running until told otherwise. */
  finish: Finish;
  /** What a submission answers (default: 202 with a job id). */
  submitAnswer: ((n: number) => { status: number; body: unknown; type?: string }) | null;
  /** Paths answered with a 302 to the given address (a platform handing its files to a CDN). */
  redirects: Record<string, string>;
  close(): Promise<void>;
}

export async function pngBase64(width = 6, height = 4): Promise<string> {
  return (
    await sharp({ create: { width, height, channels: 3, background: '#c04020' } })
      .png()
      .toBuffer()
  ).toString('base64');
}

export async function startAsyncPlatform(): Promise<AsyncPlatform> {
  let submitted = 0;
  // What the platform answers is read from here on each request (tests change it as they go).
  const state: Pick<AsyncPlatform, 'finish' | 'submitAnswer' | 'redirects'> = {
    finish: { state: 'running' },
    submitAnswer: null,
    redirects: {},
  };
  const server = await startServer((req, res, hit) => {
    if (hit.path === '/user/token/validate') return json(res, 200, { valid: true });
    const location = state.redirects[hit.path];
    if (location !== undefined) return void res.writeHead(302, { location }).end();
    if (hit.method === 'POST' && hit.path.startsWith('/v2/ai/')) {
      submitted += 1;
      const custom = state.submitAnswer?.(submitted);
      if (custom) {
        res.writeHead(custom.status, { 'content-type': custom.type ?? 'application/json' });
        return res.end(typeof custom.body === 'string' ? custom.body : JSON.stringify(custom.body));
      }
      return json(res, 202, { job: { id: `job-${submitted}` }, state: 'queued' });
    }
    if (hit.path.startsWith('/v2/jobs/')) {
      const f = state.finish;
      if ('raw' in f) return json(res, f.raw.status, f.raw.body, f.raw.headers);
      if ('html' in f) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(f.html);
      }
      if (f.state === 'failed') return json(res, 200, { state: 'failed', error: { message: f.message } });
      return json(res, 200, f);
    }
    json(res, 404, { error: { message: `no route ${hit.method} ${hit.path}` } });
  });
  return Object.assign(state, {
    server,
    url: server.url,
    submissions: () => submitted,
    polls: (id?: string) => server.hits.filter((h) => h.path.startsWith(`/v2/jobs/${id ?? ''}`)).length,
    close: () => server.close(),
  });
}

/** A profile for the platform above: text2image is asynchronous and polled quickly. */
export function asyncProfile(
  base: PlatformProfileInput,
  url: string,
  poll: Record<string, unknown> = {},
): PlatformProfileInput {
  const t2i = base.ai.text2image;
  return {
    ...base,
    id: 'async-test',
    name: 'Async test',
    baseUrl: url,
    ai: {
      ...base.ai,
      text2image: {
        ...t2i,
        models: ['paint-1'],
        response: { jobId: ['job.id'], media: ['result.images.*.b64'], mediaEncoding: 'base64' },
        poll: {
          path: '/v2/jobs/{id}',
          statusField: ['state'],
          doneValues: ['done'],
          intervalMs: 100,
          maxIntervalMs: 200,
          backoff: 1.5,
          deadlineMs: 60_000,
          ...poll,
        },
      },
    },
  };
}
