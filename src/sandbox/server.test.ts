import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSandbox } from './server';
import { call, login, testSandbox } from './test-support';

describe('startSandbox', () => {
  it('listens on 127.0.0.1 at a free port and reports its URL and demo credentials', async () => {
    const sandbox = await startSandbox();
    try {
      expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
      expect(sandbox.port).toBeGreaterThan(0);
      expect(sandbox.dataDir).toBeNull();
      expect(sandbox.demo.clientId).toBe('atelier-sandbox-client');
      expect((await call(sandbox.url, 'GET', '/_sandbox/health')).body.ok).toBe(true);
    } finally {
      await sandbox.stop();
    }
  });

  it('refuses a port that is taken', async () => {
    const first = await testSandbox();
    try {
      await expect(startSandbox({ port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.stop();
    }
  });

  it('seeds extra accounts from options', async () => {
    const sandbox = await testSandbox({ accounts: [{ username: 'extra@atelier.local', password: 'pw' }] });
    try {
      expect((await login(sandbox, 'extra@atelier.local', 'pw')).access_token).toMatch(/^sbx_at_/);
    } finally {
      await sandbox.stop();
    }
  });

  it('adds the configured latency to every request', async () => {
    const sandbox = await testSandbox({ requestLatencyMs: 150 });
    try {
      const started = Date.now();
      await call(sandbox.url, 'GET', '/v2/assets');
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await sandbox.stop();
    }
  });

  it('stops promptly with a hung request, a running video job and a half-sent body, and only once', async () => {
    const sandbox = await testSandbox({ aiLatencyMs: { text2video: 30_000 } });
    const token = (await login(sandbox)).access_token;
    sandbox.faults.set({ path: '/v2/posts', kind: 'hang' });
    const hung = call(sandbox.url, 'GET', '/v2/posts', { token }).catch((error: unknown) => error);
    const video = call(sandbox.url, 'POST', '/v2/ai/text2video', {
      token,
      body: { model_id: 'motion-1', image: { prompt: 'x' } },
    }).catch((error: unknown) => error);
    const partial = request(`${sandbox.url}/v2/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-length': '1000' },
    });
    const partialDone = new Promise((resolve) => partial.on('error', resolve).on('response', resolve));
    partial.write('{"name":');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await Promise.all([sandbox.stop(), sandbox.stop()]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hung).toBeInstanceOf(Error);
    expect(await video).toBeInstanceOf(Error);
    await partialDone;
    expect(sandbox.stats.aborted).toBe(0);
    await sandbox.stop();
  });
});
