/**
 * The inbox in the browser: a job that fails raises the sidebar's unread count by itself; the row
 * says what failed in words, opening it marks it read, and the count goes away.
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

describe('browser mode: inbox', () => {
  it('counts a failed job in the sidebar, lists it in words, and clears the count once read', async () => {
    const { page } = browser;
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const count = page.getByTestId('inbox-count');
    expect(await count.count()).toBe(0);

    const submitted = await app.core.dispatch('ai.submit', {
      operation: 'text2image',
      modelId: 'no-such-model',
      prompt: 'a kite over the harbour',
    });
    expect(submitted.ok).toBe(true);
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('1 unread');

    await nav.getByRole('button', { name: /^Inbox/ }).click();
    const row = page.getByRole('button', {
      name: /^AI job failed\s*· New\s*:\s*AI job failed: “a kite over the harbour”/,
    });
    await row.waitFor();
    await page.getByRole('button', { name: 'Retry AI job failed: “a kite over the harbour”' }).waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => count.count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: /^AI job failed\s*:\s*AI job failed: “a kite over the harbour”/ }).waitFor();
  });
});
