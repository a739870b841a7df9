/**
 * The library and offline sync in the browser: import files, search, tag, lose the platform,
 * rename and delete while offline, get it back, and see everything synced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, makeVideo } from '../../src/main/core/media/test-media';
import { openSignedIn, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let files: string;

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-files-'));
  await makeImage(files, 'beach.png', { width: 320, height: 200 });
  await makeImage(files, 'mountain.jpg', { width: 200, height: 300, format: 'jpeg' });
  await makeVideo(files, 'waves.mp4', { seconds: 1 });
  ({ app, browser } = await openSignedIn());
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  fs.rmSync(files, { recursive: true, force: true });
});

const card = (name: string) => browser.page.locator(`[data-testid^="asset-"][data-name="${name}"]`);

async function remoteAssets(): Promise<{ name: string; tags?: string[] }[]> {
  const res = await app.core.session.request({ method: 'GET', url: `${app.sandbox().url}/v2/assets?limit=200` });
  return (res.body as { items: { name: string; tags?: string[] }[] }).items;
}

const outboxSize = () => (app.core.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n;

describe('browser mode: library and offline sync', () => {
  it('imports files, shows thumbnails and metadata, and syncs them', async () => {
    const { page } = browser;
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Library', exact: true })
      .click();
    await page
      .getByTestId('import-input')
      .setInputFiles(['beach.png', 'mountain.jpg', 'waves.mp4'].map((f) => path.join(files, f)));
    await expect.poll(() => page.getByTestId('import-summary').textContent(), { timeout: 20_000 }).toMatch(/3/);
    for (const name of ['beach.png', 'mountain.jpg', 'waves.mp4']) await card(name).waitFor();
    // A thumbnail is a real image served by the local host.
    const loaded = await card('beach.png')
      .locator('img')
      .first()
      .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);
    expect(loaded).toBe(true);
    await expect
      .poll(async () => (await remoteAssets()).map((a) => a.name).sort(), { timeout: 20_000 })
      .toEqual(['beach.png', 'mountain.jpg', 'waves.mp4']);
    await expect.poll(() => page.getByTestId('status-sync').textContent(), { timeout: 10_000 }).toMatch(/synced/i);
  });

  it('searches and tags', async () => {
    const { page } = browser;
    await page.getByTestId('library-search').fill('moun');
    await expect.poll(() => card('beach.png').count()).toBe(0);
    await card('mountain.jpg').click();
    await page.getByTestId('asset-detail').waitFor();
    await page.getByTestId('tag-input').fill('alps');
    await page.getByTestId('tag-input').press('Enter');
    await expect.poll(() => page.getByTestId('asset-detail').textContent()).toContain('alps');
    await page.getByTestId('library-search').fill('alps');
    await expect.poll(() => card('mountain.jpg').count()).toBe(1);
    await page.getByTestId('library-search').fill('');
    await card('beach.png').waitFor();
    await expect
      .poll(async () => (await remoteAssets()).find((a) => a.name === 'mountain.jpg')?.tags, { timeout: 20_000 })
      .toEqual(['alps']);
  });

  it('keeps working offline and syncs every change when the platform is back', async () => {
    const { page } = browser;
    await app.stopSandbox();

    await card('beach.png').click();
    await page.getByTestId('asset-detail').waitFor();
    await page.getByTestId('rename-input').fill('beach at dusk.png');
    await page.getByTestId('rename-input').press('Enter');
    await card('beach at dusk.png').waitFor();

    await card('waves.mp4').click();
    await page.keyboard.press('Delete');
    await expect.poll(() => card('waves.mp4').count()).toBe(0);
    await page.getByTestId('trash-toggle').click();
    await card('waves.mp4').waitFor();
    await page.getByTestId('trash-toggle').click();

    // Offline, the changes wait and say so.
    await expect.poll(() => outboxSize()).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => page.getByTestId('status-sync').textContent(), { timeout: 20_000 })
      .toMatch(/offline|waiting|pending/i);

    // Back online: sync resumes by itself, nothing to click.
    await app.restartSandbox();
    await expect.poll(() => outboxSize(), { timeout: 75_000, interval: 500 }).toBe(0);
    await expect
      .poll(async () => (await remoteAssets()).map((a) => a.name).sort(), { timeout: 10_000 })
      .toEqual(['beach at dusk.png', 'mountain.jpg']);
    await expect.poll(() => page.getByTestId('status-sync').textContent(), { timeout: 10_000 }).toMatch(/synced/i);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Sync', exact: true }).click();
    expect(await page.getByTestId('sync-group-assets').getByTestId('pending').textContent()).toBe('0');
  });

  it('imports files dropped on the library, with a drop target while they are dragged over it', async () => {
    const { page } = browser;
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Library', exact: true })
      .click();
    const dropped = {
      'dropped-red.png': (
        await fs.promises.readFile(await makeImage(files, 'dropped-red.png', { width: 64, height: 48 }))
      ).toString('base64'),
      'dropped-tall.jpg': (
        await fs.promises.readFile(
          await makeImage(files, 'dropped-tall.jpg', { width: 40, height: 90, format: 'jpeg' }),
        )
      ).toString('base64'),
    };
    // What the OS hands a drop: a DataTransfer carrying files, dragged in and then let go.
    await page.evaluate((named) => {
      const dt = new DataTransfer();
      for (const [name, b64] of Object.entries(named)) {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], name, { type: name.endsWith('.png') ? 'image/png' : 'image/jpeg' }));
      }
      (window as unknown as { dropped: DataTransfer }).dropped = dt;
      document
        .querySelector('section.library')
        ?.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: dt }));
    }, dropped);
    await page.locator('.drop-overlay').waitFor();
    expect(await page.locator('.drop-overlay').textContent()).toContain('Drop to import');
    await page.evaluate(() => {
      const dt = (window as unknown as { dropped: DataTransfer }).dropped;
      document
        .querySelector('section.library')
        ?.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    });
    await expect.poll(() => page.locator('.drop-overlay').count()).toBe(0);
    await card('dropped-red.png').waitFor({ timeout: 20_000 });
    await card('dropped-tall.jpg').waitFor();
    await card('dropped-tall.jpg').click();
    await expect.poll(() => page.getByTestId('asset-detail').textContent()).toMatch(/40\s*×\s*90/);
    await expect
      .poll(async () => (await remoteAssets()).map((a) => a.name).sort(), { timeout: 20_000 })
      .toEqual(['beach at dusk.png', 'dropped-red.png', 'dropped-tall.jpg', 'mountain.jpg']);
  });
});
