/**
 * The library at 100,000 assets in the browser: the grid and the list keep only what is in view
 * in the page, whatever the size, and scrolling to any point (the middle, the very end) shows the
 * assets that belong there. Speed itself is measured by bench/library.ts, not here.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '../../bench/library';
import type { ChannelOutput } from '../../src/shared/contract';
import { openSignedIn, type Browser, type RunningApp } from './harness';

const COUNT = 100_000;
/** Far fewer than the library holds: a window of rows, not the collection. */
const MAX_IN_PAGE = 400;

let app: RunningApp;
let browser: Browser;
let shown: number;

beforeAll(async () => {
  ({ app, browser } = await openSignedIn({ sync: { autoStart: false } }));
  const seeded = seedLibrary(app.core, path.join(app.dataDir, 'media'), COUNT);
  shown = COUNT - seeded.trashed;
  // Written behind the app's back: tell the screens, as every write through the store does.
  app.core.events.emit('records.changed', { group: 'assets', ids: null });
  await browser.page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Library', exact: true })
    .click();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const cards = () => browser.page.locator('[data-testid^="asset-"]');
const assets = () => browser.page.getByRole('grid', { name: 'Assets' });

/** The name of the asset at a position of the default order (newest first), from the core. */
async function nameAt(offset: number): Promise<string> {
  const result = await app.core.dispatch('library.query', { sort: 'created', dir: 'desc', offset, limit: 1 });
  if (!result.ok) throw new Error(result.error.message);
  return (result.data as ChannelOutput<'library.query'>).items[0]!.name;
}

/** Scroll the collection so that a share of it (0 = top, 1 = bottom) is in view. */
async function scrollTo(share: number): Promise<void> {
  await assets().evaluate((grid, s) => {
    // The grid scrolls itself; the list scrolls its body under a fixed header.
    const el = grid.querySelector('.asset-list-body') ?? grid;
    el.scrollTop = (el.scrollHeight - el.clientHeight) * s;
  }, share);
}

describe(`browser mode: the library at ${COUNT.toLocaleString('en')} assets`, () => {
  it('the grid holds a window of cards and reaches the middle and the very end', async () => {
    const first = await nameAt(0);
    await browser.page.locator(`[data-name="${first}"]`).waitFor({ timeout: 30_000 });
    const columns = Number(await assets().getAttribute('aria-colcount'));
    expect(Number(await assets().getAttribute('aria-rowcount'))).toBe(Math.ceil(shown / columns));
    expect(await cards().count()).toBeLessThan(MAX_IN_PAGE);

    const middle = await nameAt(Math.floor(shown / 2));
    await scrollTo(0.5);
    await browser.page.locator(`[data-name="${middle}"]`).waitFor({ timeout: 15_000 });
    expect(await cards().count()).toBeLessThan(MAX_IN_PAGE);

    const last = await nameAt(shown - 1);
    await scrollTo(1);
    await browser.page.locator(`[data-name="${last}"]`).waitFor({ timeout: 15_000 });
    expect(await cards().count()).toBeLessThan(MAX_IN_PAGE);
    expect(await browser.page.locator(`[data-name="${first}"]`).count()).toBe(0);
  });

  it('the list does the same', async () => {
    await browser.page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    await scrollTo(0);
    const first = await nameAt(0);
    await browser.page.locator(`[data-name="${first}"]`).waitFor({ timeout: 15_000 });
    expect(Number(await assets().getAttribute('aria-rowcount'))).toBeGreaterThanOrEqual(shown);
    expect(await cards().count()).toBeLessThan(MAX_IN_PAGE);

    const last = await nameAt(shown - 1);
    await scrollTo(1);
    await browser.page.locator(`[data-name="${last}"]`).waitFor({ timeout: 15_000 });
    expect(await cards().count()).toBeLessThan(MAX_IN_PAGE);
  });

  it('the keyboard reaches the very end and the top again, the focused asset scrolled into view', async () => {
    const { page } = browser;
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click();
    await scrollTo(0);
    const first = await nameAt(0);
    const last = await nameAt(shown - 1);
    await page.locator(`[data-name="${first}"]`).click();
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('data-name'));
    /**
     * Whether the focused card lies inside the grid's viewport (the virtualizer settles a scroll over a few frames).
     */
    const focusedInView = () =>
      assets().evaluate((grid) => {
        const box = document.activeElement?.getBoundingClientRect();
        const view = grid.getBoundingClientRect();
        return !!box && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
      });

    await page.keyboard.press('Control+End');
    await expect.poll(focusedName, { timeout: 15_000 }).toBe(last);
    await expect.poll(focusedInView).toBe(true);
    expect(await cards().count()).toBeLessThan(MAX_IN_PAGE);

    await page.keyboard.press('Control+Home');
    await expect.poll(focusedName, { timeout: 15_000 }).toBe(first);
    await expect.poll(focusedInView).toBe(true);
    await page.keyboard.press('PageDown');
    await expect
      .poll(() => page.evaluate(() => Number(document.activeElement?.getAttribute('data-index'))))
      .toBeGreaterThan(0);
    await expect.poll(focusedInView).toBe(true);
  });
});
