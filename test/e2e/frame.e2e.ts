import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RENDERER_CSP, RENDERER_CSP_META } from '../../src/shared/csp';
import { openSignedIn, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ app, browser } = await openSignedIn({ pageErrors }));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

function rawGet(port: number, rawPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

type RawResult = { ok: boolean; data?: unknown; error?: { code: string; issues?: unknown[] } };
type RawRequest = { channel: string; input: unknown };

/**
 * Send requests exactly as given from the page itself, over a bridge socket of its own opened with
 * the per-run token: what any script on the page could send, without going through the app's client.
 */
function sendRaw(requests: Record<string, RawRequest>): Promise<Record<string, RawResult>> {
  return browser.page.evaluate(
    ({ port, token, requests }) =>
      new Promise<Record<string, RawResult>>((resolve, reject) => {
        const names = Object.keys(requests);
        const results: Record<string, RawResult> = {};
        const ws = new globalThis.WebSocket(`ws://127.0.0.1:${port}/bridge?token=${encodeURIComponent(token)}`);
        ws.onerror = () => reject(new Error('the bridge refused the page'));
        ws.onopen = () =>
          names.forEach((name, id) =>
            ws.send(JSON.stringify({ id, channel: requests[name]!.channel, input: requests[name]!.input })),
          );
        ws.onmessage = (msg) => {
          const data = JSON.parse(String(msg.data)) as { type: string; id?: number; result?: RawResult };
          if (data.type !== 'result' || typeof data.id !== 'number' || !data.result) return;
          results[names[data.id]!] = data.result;
          if (Object.keys(results).length === names.length) {
            ws.close();
            resolve(results);
          }
        };
      }),
    { port: app.host.port, token: app.host.token, requests },
  );
}

describe('browser mode: the app frame', () => {
  it('shows the frame with every section and an honest status bar', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    const labels = await page.getByRole('navigation', { name: 'Sections' }).getByRole('button').allTextContents();
    expect(labels).toEqual(['Library', 'AI Studio', 'Planner', 'Sync', 'Inbox', 'Settings']);
    // The schema is as many steps as there are migration files: the status bar says the real one.
    const schema = fs
      .readdirSync(path.resolve(__dirname, '../../src/main/core/db/migrations'))
      .filter((f) => /^\d{4}_.+\.sql$/.test(f)).length;
    await expect
      .poll(() => page.getByTestId('local-state').textContent())
      .toContain(`Local data ready · schema ${schema}`);
    await expect
      .poll(() => page.getByTestId('connection-state').textContent())
      .toContain('Sandbox · signed in as demo@atelier.local');
    // The fragment token is removed from the address bar once read.
    expect(page.url()).not.toContain('token=');
  });

  it('navigates through every section by mouse and by keyboard', async () => {
    const { page } = browser;
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const name of ['AI Studio', 'Planner', 'Sync', 'Library']) {
      await nav.getByRole('button', { name, exact: true }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
      if (name === 'Planner') await page.getByRole('tablist', { name: 'Planner' }).waitFor();
      if (name === 'AI Studio') await page.getByTestId('studio-op-text2image').waitFor();
    }
    await page.keyboard.press('Control+5');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
    expect(await page.getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
  });

  it('round-trips a contract call: a setting changed in the UI is stored by the core, survives a reload', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Dark').check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const onDisk = JSON.parse(fs.readFileSync(path.join(app.dataDir, 'settings.json'), 'utf8')) as { theme: string };
    expect(onDisk.theme).toBe('dark');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
    expect(await page.getByTestId('about').textContent()).toContain(app.dataDir);
    await page.getByLabel('Light').check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });

  it('rejects a bad payload, unknown channel and oversized payload with typed errors, changing nothing', async () => {
    const before = fs.readFileSync(path.join(app.dataDir, 'settings.json'), 'utf8');
    const results = await sendRaw({
      wrongShape: { channel: 'settings.update', input: { theme: 'purple' } },
      extraField: { channel: 'settings.update', input: { theme: 'dark', surprise: 1 } },
      notAnObject: { channel: 'settings.update', input: 'dark' },
      unknown: { channel: 'nope.nothing', input: {} },
      oversized: { channel: 'settings.update', input: { theme: 'x'.repeat(1_100_000) } },
    });
    expect(results.wrongShape).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(results.wrongShape?.error?.issues).toEqual([expect.objectContaining({ path: 'theme' })]);
    expect(results.extraField).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(results.notAnObject).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(results.unknown).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(results.oversized).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(fs.readFileSync(path.join(app.dataDir, 'settings.json'), 'utf8')).toBe(before);
  });

  it('refuses bridge connections without the token, with a wrong token, or from a foreign origin', async () => {
    const outcome = (url: string, headers: Record<string, string> = {}) =>
      new Promise<number | 'open'>((resolve) => {
        const ws = new WebSocket(url, { headers });
        ws.on('open', () => {
          ws.close();
          resolve('open');
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(0));
      });
    const base = `ws://127.0.0.1:${app.host.port}/bridge`;
    expect(await outcome(base)).toBe(401);
    expect(await outcome(`${base}?token=wrong`)).toBe(401);
    expect(await outcome(`${base}?token=${app.host.token}`, { Origin: 'https://evil.example' })).toBe(403);
    expect(await outcome(`${base}?token=${app.host.token}`, { Origin: app.host.origin })).toBe('open');
    // The page itself cannot open a bridge without the token either.
    const fromPage = await browser.page.evaluate(
      (port) =>
        new Promise<string>((resolve) => {
          const ws = new globalThis.WebSocket(`ws://127.0.0.1:${port}/bridge`);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
      app.host.port,
    );
    expect(fromPage).toBe('refused');
  });

  it('serves every document with the strict CSP and raised no page errors', async () => {
    const res = await fetch(`${app.host.origin}/`);
    expect(res.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    const html = await res.text();
    // The meta's policy may be wrapped over lines; it says the same directives as RENDERER_CSP_META.
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(meta.replace(/\s+/g, ' ')).toBe(RENDERER_CSP_META);
    for (const raw of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2fpackage.json',
    ]) {
      const body = await rawGet(app.host.port, raw);
      expect(body).not.toContain('root:');
      expect(body).not.toContain('"devDependencies"');
    }
    expect((await fetch(`${app.host.origin}/`, { method: 'POST' })).status).toBe(405);
    expect(pageErrors).toEqual([]);
  });
});
