import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The browser-mode journeys, against the packaged main process, preload and renderer.
const bin = process.env.ATELIER_ELECTRON_BIN;
if (!bin) throw new Error('ATELIER_ELECTRON_BIN is not set: run this suite with "npm run test:electron".');

let app: ElectronApplication;
let page: Page;
let userData: string;

beforeAll(async () => {
  userData = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-electron-'));
  app = await electron.launch({
    executablePath: bin,
    args: [path.resolve(__dirname, '../../out/main/index.js')],
    env: { ...process.env, ATELIER_USER_DATA: userData },
  });
  page = await app.firstWindow();
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(userData, { recursive: true, force: true });
});

type Api = Record<string, (input: unknown) => Promise<{ ok: boolean; error?: { code: string } }>>;

describe('Electron app', () => {
  it('shows the frame with every section', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    const labels = await page.getByRole('navigation', { name: 'Sections' }).getByRole('button').allTextContents();
    expect(labels).toEqual(['Library', 'AI Studio', 'Planner', 'Sync', 'Settings']);
    await expect.poll(() => page.getByTestId('local-state').textContent()).toContain('Local data ready');
  });

  it('runs the renderer sandboxed without Node and with only the contract API', async () => {
    const facts = await page.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      api: Object.keys((window as unknown as { atelier: object }).atelier).sort(),
    }));
    expect(facts.require).toBe('undefined');
    expect(facts.process).toBe('undefined');
    expect(facts.api).toContain('settings.get');
  });

  it('round-trips a setting through IPC and keeps it after a reload', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Dark').check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });

  it('rejects a bad payload with a validation error', async () => {
    const result = await page.evaluate(() =>
      (window as unknown as { atelier: Api }).atelier['settings.update']!({ theme: 'purple' }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('refuses navigation away from the app and window.open', async () => {
    const before = page.url();
    await page.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    await page.waitForTimeout(300);
    expect(page.url()).toBe(before);
    const opened = await page.evaluate(() => window.open('https://example.com/') === null);
    expect(opened).toBe(true);
    expect(app.windows()).toHaveLength(1);
  });

  it('runs a text2image job in the studio and shows the image through the media protocol', async () => {
    // Signed in to the built-in sandbox the way "Try the sandbox" does it.
    const signedIn = await page.evaluate(() =>
      (window as unknown as { atelier: Api }).atelier['connection.useSandbox']!({}),
    );
    expect(signedIn.ok).toBe(true);
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'AI Studio', exact: true })
      .click();
    await page.getByTestId('studio-op-text2image').click();
    await page.getByTestId('ai-model').fill('paint-1');
    await page.getByTestId('ai-prompt').fill('a lantern in the desktop app');
    await page.getByTestId('ai-submit').click();
    const tile = page.locator('[data-testid^="gallery-item-"]').first();
    await expect.poll(() => tile.getAttribute('data-state'), { timeout: 30_000 }).toBe('succeeded');
    await tile.click();
    const image = page.getByTestId('ai-detail-image');
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await image.getAttribute('src')).toMatch(/^atelier-media:/);
  });
});
