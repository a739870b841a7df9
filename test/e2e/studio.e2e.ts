/**
 * The AI studio in the browser: run text2image and watch it, save the image to the library, feed
 * it to image2video and watch the video play, then find both in the gallery by their prompt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await openSignedIn());
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const PROMPT = 'copper lighthouse under violet clouds';
const jobIds = () =>
  app.core.db.prepare('SELECT id, operation FROM ai_jobs ORDER BY created_at').all() as {
    id: string;
    operation: string;
  }[];

describe('browser mode: AI studio', () => {
  it('runs text2image with progress, shows the image, and saves it to the library', async () => {
    const { page } = browser;
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'AI Studio', exact: true })
      .click();
    // Slow enough to watch it run.
    app.sandbox().faults.set([{ path: '/v2/ai/text2image', kind: 'latency', latencyMs: 2500, count: 1 }]);
    await page.getByTestId('studio-op-text2image').click();
    await page.getByTestId('ai-model').fill('paint-1');
    await page.getByTestId('ai-prompt').fill(PROMPT);
    await page.getByTestId('ai-param-width').fill('160');
    await page.getByTestId('ai-param-height').fill('120');
    await page.getByTestId('ai-submit').click();

    const id = await expect
      .poll(() => jobIds()[0]?.id ?? null, { timeout: 10_000 })
      .not.toBeNull()
      .then(() => jobIds()[0]!.id);
    const row = page.getByTestId(`ai-job-${id}`);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('running');
    await page.getByTestId(`ai-job-progress-${id}`).waitFor();
    await expect.poll(() => page.getByTestId('status-ai').textContent()).toMatch(/1 running/i);

    const tile = page.getByTestId(`gallery-item-${id}`);
    await expect.poll(() => tile.getAttribute('data-state'), { timeout: 20_000 }).toBe('succeeded');
    await tile.click();
    const image = page.getByTestId('ai-detail-image');
    await image.waitFor();
    await expect
      .poll(() =>
        image.evaluate((img) => [
          (img as HTMLImageElement).complete,
          (img as HTMLImageElement).naturalWidth,
          (img as HTMLImageElement).naturalHeight,
        ]),
      )
      .toEqual([true, 160, 120]);
    await expect.poll(() => page.getByTestId('ai-provenance').textContent()).toContain(PROMPT);

    await page.getByTestId('ai-save-tags').fill('lighthouse, ai');
    await page.getByTestId('ai-save').click();
    await page.getByTestId('ai-saved').waitFor();
    const assets = await app.core.handlers['library.query']({
      text: 'lighthouse',
      trash: false,
      sort: 'created',
      dir: 'desc',
      offset: 0,
      limit: 10,
    });
    expect(assets.items.map((a) => a.tags)).toEqual([['lighthouse', 'ai']]);
  });

  it('feeds the image to image2video and plays the video', async () => {
    const { page } = browser;
    await page.getByTestId('ai-use-as-input').click();
    await page.getByTestId('ai-use-op-image2video').click();
    await expect.poll(() => page.getByTestId('ai-input-current').textContent()).toMatch(/text2image|result/i);
    await page.getByTestId('ai-model').fill('zoom-1');
    await page.getByTestId('ai-param-duration_s').fill('1');
    await page.getByTestId('ai-submit').click();
    await expect.poll(() => jobIds().filter((j) => j.operation === 'image2video').length, { timeout: 10_000 }).toBe(1);
    const id = jobIds().find((j) => j.operation === 'image2video')!.id;
    const tile = page.getByTestId(`gallery-item-${id}`);
    await expect.poll(() => tile.getAttribute('data-state'), { timeout: 30_000 }).toBe('succeeded');
    await tile.click();
    const video = page.getByTestId('ai-detail-video');
    await video.waitFor();
    // It really plays: metadata loads with the right size and time moves on.
    await expect
      .poll(() => video.evaluate((v) => (v as HTMLVideoElement).readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    expect(
      await video.evaluate((v) => [(v as HTMLVideoElement).videoWidth, (v as HTMLVideoElement).videoHeight]),
    ).toEqual([160, 120]);
    await video.evaluate((v) => {
      const el = v as HTMLVideoElement;
      el.muted = true;
      return el.play();
    });
    await expect
      .poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.1);
  });

  it('finds both in the gallery by searching the prompt', async () => {
    const { page } = browser;
    const [image, video] = jobIds();
    await page.getByTestId('gallery-search').fill('violet lighthouse');
    // The video is found too: it was made from the image's result, and carries its prompt.
    await expect.poll(() => page.locator('[data-testid^="gallery-item-"]').count(), { timeout: 10_000 }).toBe(2);
    await page.getByTestId(`gallery-item-${image!.id}`).waitFor();
    await page.getByTestId(`gallery-item-${video!.id}`).waitFor();
    await page.getByTestId('gallery-search').fill('violet nothing-like-this');
    await expect.poll(() => page.locator('[data-testid^="gallery-item-"]').count()).toBe(0);
  });
});
