/**
 * A damaged database in the browser: use the app, back up from Settings, make one more change
 * (never sent), stop the app, damage its database, start it again. The recovery screen explains
 * in words; restoring the backup reopens the app with the library as it was at the backup, and
 * the change that was never sent is listed once as lost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreHost, type CoreHost } from '../../src/main/core/backup/core-host';
import { makeImage } from '../../src/main/core/media/test-media';
import { nodeDeps } from '../../src/main/core/node-deps';
import { startWebHost, type WebHost } from '../../src/main/web/server';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { pagesOf, scribble } from '../support/seed-db';
import { openBrowser, rendererDir, trySandbox, type Browser } from './harness';

let dataDir: string;
let files: string;
let sandbox: Sandbox | null = null;
let running: { host: CoreHost; web: WebHost } | null = null;
let browser: Browser;

/** The app as `npm run start:web` runs it: the core host (recovery screen included) behind the browser-mode host. */
async function startApp(): Promise<{ host: CoreHost; web: WebHost }> {
  const deps = nodeDeps({
    dataDir,
    host: 'web',
    version: 'e2e',
    quiet: true,
    // One sandbox for both runs of the app, so the platform keeps its address and data.
    embeddedSandbox: async () => {
      sandbox ??= await startSandbox({ port: 0, dataDir: path.join(dataDir, 'sandbox'), aiLatencyMs: 200 });
      const s = sandbox;
      return { url: s.url, demo: s.demo, stop: async () => undefined };
    },
  });
  deps.backups = { autoStart: false };
  const host = openCoreHost(deps);
  await host.start();
  const web = await startWebHost({ core: host, logger: deps.logger, rendererDir, media: host.media });
  return { host, web };
}

async function stopApp(): Promise<void> {
  await running?.web.close();
  await running?.host.close();
  running = null;
}

const card = (name: string) => browser.page.locator(`[data-testid^="asset-"][data-name="${name}"]`);
const nav = (label: string) =>
  browser.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: label, exact: true });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-recovery-'));
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-recovery-files-'));
  await makeImage(files, 'beach.png', { width: 320, height: 200 });
  await makeImage(files, 'mountain.jpg', { width: 200, height: 300, format: 'jpeg' });
  await makeImage(files, 'late.png', { width: 120, height: 90 });
  running = await startApp();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stopApp();
  await sandbox?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(files, { recursive: true, force: true });
});

describe('browser mode: a damaged database, the recovery screen and a restore', () => {
  it('backs up from Settings, then loses the database while stopped', async () => {
    const { page } = browser;
    await page.goto(running!.web.url);
    await trySandbox(page);
    await nav('Library').click();
    await page.getByTestId('import-input').setInputFiles(['beach.png', 'mountain.jpg'].map((f) => path.join(files, f)));
    for (const name of ['beach.png', 'mountain.jpg']) await card(name).waitFor();

    await nav('Settings').click();
    await page.getByTestId('backup-now').click();
    await expect.poll(() => page.getByTestId('backup-row').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('backups-card').textContent()).toContain('Checked');

    // One more file after the backup, while sync is paused: its change never reaches the platform.
    await running!.host.dispatch('sync.setPaused', { paused: true });
    await nav('Library').click();
    await page.getByTestId('import-input').setInputFiles([path.join(files, 'late.png')]);
    await card('late.png').waitFor();

    await stopApp();
    // Random bytes over an index page: SQLite's check at open finds it; the records stay readable.
    const file = path.join(dataDir, 'atelier.db');
    scribble(file, ((pagesOf(file, 'assets_name')[0] ?? 2) - 1) * 4096, 4096, 42);
  });

  it('starts on the recovery screen, says what happened in words, and restores the backup', async () => {
    const { page } = browser;
    running = await startApp();
    await page.goto(running.web.url);
    const screen = page.getByTestId('recovery-screen');
    await screen.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe("Atelier's database is damaged");
    const text = (await screen.textContent()) ?? '';
    expect(text).toContain('Nothing more will be written to it.');
    expect(text).not.toMatch(/SQLITE_|Error:|\bat .+\.ts:\d+/);
    // What the restore will lose, by group and count and by record.
    await expect.poll(() => page.getByTestId('restore-loss').textContent()).toContain('Assets: 1 created');
    expect(await page.getByTestId('restore-unsent').textContent()).toContain('Asset “late.png” (new, never sent)');

    await page.getByTestId('recovery-restore').click();
    // The page reloads on the reopened core, the restore's report shown over it (a modal dialog
    // hides the rest of the page from the accessibility tree until it is closed).
    const report = page.getByTestId('restore-report');
    await report.waitFor({ timeout: 20_000 });
    expect(await report.getByTestId('restore-report-lost').textContent()).toBe('Asset “late.png” (new, never sent)');
    await report.getByRole('button', { name: 'OK' }).click();
    // The library as it was at the backup.
    await nav('Library').click();
    for (const name of ['beach.png', 'mountain.jpg']) await card(name).waitFor();
    expect(await card('late.png').count()).toBe(0);
    // The damaged file is kept beside the restored one, and no media file was removed.
    expect(fs.readdirSync(dataDir).some((f) => f.startsWith('atelier.db.before-restore-'))).toBe(true);
    const blobs = fs
      .readdirSync(path.join(dataDir, 'media'), { recursive: true })
      .filter((f) => /[a-f0-9]{64}$/.test(String(f)));
    expect(blobs.length).toBeGreaterThanOrEqual(3);
  });
});
