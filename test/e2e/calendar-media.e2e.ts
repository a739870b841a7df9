/**
 * The calendar's media strip in the browser: a library image dragged (HTML5) onto a day of the week
 * view becomes a draft there with the image, in that day's free slot, opened in the composer with what
 * was made said; the keyboard path (choose, then a day's + button) makes another at 09:00; the
 * Sync view lists a due post whose checks fail and opens it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, atLocalTime, dayKeyOf, localTimeOf, weekOf } from '../../src/renderer/planner/calendar';
import { makeImage } from '../../src/main/core/media/test-media';
import { localZone } from '../../src/shared/time-zone';
import type { Locator } from 'playwright-core';
import { openSignedIn, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let files: string;
const pageErrors: string[] = [];

const tz = localZone();
// Monday and Tuesday of next week: ahead of now whatever the day the test runs.
const monday = weekOf(addDays(dayKeyOf(new Date(), tz), 7), 1)[0]!;
const tuesday = addDays(monday, 1);

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-strip-'));
  ({ app, browser } = await openSignedIn({ pageErrors }));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  fs.rmSync(files, { recursive: true, force: true });
});

const posts = async () =>
  (await app.core.handlers['records.list']({ group: 'posts', offset: 0, limit: 100, includeDeleted: false })).items;

async function weekOfMonday() {
  const { page } = browser;
  await page.getByTestId('planner-tab-calendar').click();
  await page.getByTestId('calendar-view-week').click();
  await page.getByTestId('calendar-today').click();
  for (let i = 0; i < 3 && (await page.getByTestId(`calendar-day-${monday}`).count()) === 0; i++)
    await page.getByTestId('calendar-next').click();
  await page.getByTestId(`calendar-day-${monday}`).waitFor();
}

/**
 * An HTML5 drag with the mouse: Chromium starts one only after the pointer has moved a little while
 * pressed, so the path goes in steps (a single jump drops nothing).
 */
async function dragOnto(source: Locator, target: Locator) {
  const { page } = browser;
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
}

describe('browser mode: the calendar media strip', () => {
  it('turns a media dragged onto a day into a draft in its free slot, and a chosen one into another', async () => {
    const { page } = browser;
    // A 4:1 image: too wide for an Instagram feed post, which the Sync view will say.
    const image = await makeImage(files, 'banner.png', { width: 400, height: 100 });
    const { imported } = await app.core.handlers['library.import']({ paths: [image] });
    const assetId = imported[0]!.id;
    const insta = await app.core.handlers['channels.create']({
      fields: {
        network: 'instagram-feed',
        name: 'Feed',
        handle: '',
        colour: '#c13584',
        avatarAssetId: null,
        slots: [{ day: 1, time: '18:30' }],
        rules: null,
      },
    });
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Planner', exact: true })
      .click();
    await weekOfMonday();
    await page.getByTestId('media-strip-toggle').click();
    const item = page.getByTestId(`media-strip-${assetId}`);
    await dragOnto(item, page.getByTestId(`calendar-day-${monday}`));

    await page.getByTestId('post-editor').waitFor();
    await expect.poll(async () => (await posts()).length).toBe(1);
    const [made] = await posts();
    expect(made!.fields).toMatchObject({
      status: 'draft',
      asset_ids: [assetId],
      channel: 'Feed',
      targets: [{ channel_id: insta.id, network: 'instagram-feed', name: 'Feed' }],
    });
    expect(String(made!.fields.scheduled_at)).toBe(new Date(atLocalTime(monday, '18:30', tz)).toISOString());
    expect(await page.getByTestId('post-editor').textContent()).toContain('Draft made with banner.png for ');
    expect(await page.getByTestId('post-editor').textContent()).toContain('the first free slot of Feed that day.');

    // Keyboard: choose the media, then Enter on Tuesday's + button (no slot that day: 09:00).
    await weekOfMonday();
    await page.getByTestId(`media-strip-${assetId}`).click();
    await page.getByTestId(`calendar-new-${tuesday}`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await posts()).length).toBe(2);
    const second = (await posts()).find((p) => p.id !== made!.id)!;
    expect(second.fields).toMatchObject({ status: 'draft', asset_ids: [assetId] });
    expect(localTimeOf(String(second.fields.scheduled_at), tz)).toBe('09:00');
    expect(dayKeyOf(String(second.fields.scheduled_at), tz)).toBe(tuesday);
    expect(pageErrors).toEqual([]);
  });

  it('lists a scheduled post whose checks fail in the Sync view, and opens it in the composer', async () => {
    const { page } = browser;
    const [made] = (await posts()).filter((p) => p.fields.channel === 'Feed');
    await app.core.handlers['records.update']({
      group: 'posts',
      id: made!.id,
      fields: { status: 'scheduled', text: 'Banner day' },
    });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Sync', exact: true }).click();
    const row = page.getByTestId(`attention-${made!.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Banner day');
    expect(await row.textContent()).toContain('Feed');
    expect(await row.textContent()).toContain('Feed: Instagram feed wants 4:5 to 1.91:1; this image is 4:1.');
    await row.getByRole('button', { name: 'Open in the composer' }).click();
    await page.getByTestId('post-editor').waitFor();
    await expect.poll(() => page.getByTestId('post-text').inputValue()).toBe('Banner day');
    expect(pageErrors).toEqual([]);
  });
});
