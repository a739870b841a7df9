/**
 * The AI studio's queue in the browser: a finished job's Show opens its result in view, and the
 * "Queued…" line under the form goes once the job has finished.
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

const PROMPT = 'teal kite over dunes';

describe('browser mode: AI studio queue', () => {
  it('drops the Queued line when the job ends, and Show under Recently finished opens the result', async () => {
    const { page } = browser;
    // A laptop-sized window: the result panel starts below the queue, out of view.
    await page.setViewportSize({ width: 1100, height: 600 });
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'AI Studio', exact: true })
      .click();
    app.sandbox().faults.set([{ path: '/v2/ai/text2image', kind: 'latency', latencyMs: 1500, count: 1 }]);
    await page.getByTestId('studio-op-text2image').click();
    await page.getByTestId('ai-model').fill('paint-1');
    await page.getByTestId('ai-prompt').fill(PROMPT);
    await page.getByTestId('ai-param-width').fill('96');
    await page.getByTestId('ai-param-height').fill('64');
    await page.getByTestId('ai-submit').click();
    const form = page.getByRole('form', { name: 'Text to image request' });
    await form.getByText(/^Queued: /).waitFor();

    const recent = page.getByRole('list', { name: 'Recently finished jobs' });
    const show = recent.getByRole('button', { name: new RegExp(`^Show .*${PROMPT}`) });
    await show.waitFor({ timeout: 20_000 });
    await expect.poll(() => form.getByText(/^Queued: /).count(), { timeout: 10_000 }).toBe(0);

    await show.click();
    const detail = page.getByTestId('ai-detail');
    await expect.poll(() => detail.getByTestId('ai-provenance').textContent(), { timeout: 10_000 }).toContain(PROMPT);
    // Open where the person can see it, with the keyboard in it.
    await expect.poll(() => detail.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await expect.poll(() => detail.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });
});
