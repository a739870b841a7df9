/**
 * Compose once, publish everywhere, as a creator does it in the browser: two channels (one with
 * posting slots), one post written for both, a preview for each, the ratio warning a wide image
 * gets on Instagram's feed, a crop with a preset that becomes Instagram's own media, the post put
 * in the next free slot, its chip on the calendar, and a double-click on a day for the next post.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../../src/main/core/media/test-media';
import { addDays, dayKeyOf, localTimeOf, weekOf } from '../../src/renderer/planner/calendar';
import type { Channel } from '../../src/shared/channels';
import type { RecordView } from '../../src/shared/records';
import { targetsOf } from '../../src/shared/targets';
import { localZone } from '../../src/shared/time-zone';
import { openPlannerTab, openSignedIn, showWeekOf, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let wide: { id: string; sha256: string };
const pageErrors: string[] = [];
const tz = localZone();

beforeAll(async () => {
  ({ app, browser } = await openSignedIn({ pageErrors }));
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-compose-'));
  // 4:1 — wider than any feed frame Instagram takes (4:5 to 1.91:1).
  const file = await makeImage(files, 'wide-harbour.jpg', { width: 2000, height: 500, format: 'jpeg' });
  const { imported } = await app.core.handlers['library.import']({ paths: [file] });
  fs.rmSync(files, { recursive: true, force: true });
  const id = imported[0]!.id;
  wide = { id, sha256: (await app.core.handlers['library.get']({ id })).sha256! };
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const posts = async (): Promise<RecordView[]> =>
  (await app.core.handlers['records.list']({ group: 'posts', offset: 0, limit: 1000, includeDeleted: false })).items;
const channelNamed = async (name: string): Promise<Channel> =>
  (await app.core.handlers['channels.list']({})).find((c) => c.name === name)!;

const openTab = (tab: string) => openPlannerTab(browser.page, tab);

async function makeChannel(network: string, name: string, slots?: string) {
  const { page } = browser;
  await openTab('channels');
  await page.getByTestId('channel-new').click();
  await page.getByTestId('channel-network').selectOption(network);
  await page.getByTestId('channel-name').fill(name);
  if (slots) await page.getByRole('button', { name: `Add slots ${slots}` }).click();
  await page.getByTestId('channel-save').click();
  await expect.poll(() => page.getByTestId('channel-saved').textContent()).toBe('Channel created.');
}

const showWeek = (day: string) => showWeekOf(browser.page, day);

describe('browser mode: compose once, publish everywhere', () => {
  let insta: Channel;
  let x: Channel;
  let postId: string;
  let queuedDay: string;

  it('makes two channels, one with daily slots', async () => {
    const { page } = browser;
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Planner', exact: true })
      .click();
    await page.getByRole('tablist', { name: 'Planner' }).waitFor();
    await makeChannel('instagram-feed', 'Harbour Insta', 'Every day 09:00');
    await makeChannel('x', 'Harbour X');
    insta = await channelNamed('Harbour Insta');
    x = await channelNamed('Harbour X');
    expect(insta).toMatchObject({ network: 'instagram-feed' });
    expect(insta.slots).toHaveLength(7);
    expect(x).toMatchObject({ network: 'x', slots: [] });
  });

  it('writes one post for both and sees a preview for each, and Instagram’s ratio warning', async () => {
    const { page } = browser;
    await openTab('posts');
    await page.getByTestId('post-new').click();
    await page.getByTestId('post-text').fill('Morning light over the harbour #harbour #sunrise');
    await page.getByTestId(`target-option-${insta.id}`).check();
    await page.getByTestId(`target-option-${x.id}`).check();
    await page.getByTestId('attach-library').click();
    await page.getByTestId(`planner-pick-asset-${wide.id}`).click();
    await page.getByTestId(`attached-${wide.id}`).first().waitFor();

    const previews = page.getByRole('region', { name: 'Previews' });
    await expect.poll(() => previews.locator('[data-testid^="feed-tab-"]').count()).toBe(2);
    const instaWarnings = page.getByRole('list', { name: 'Warnings for Harbour Insta' });
    await expect
      .poll(() => instaWarnings.textContent())
      .toMatch(/Instagram feed wants 4:5 to 1\.91:1; this image is 4:1/);
    // X takes a wide image: nothing to warn of there.
    await expect.poll(() => page.getByTestId(`target-${x.id}`).getByTestId('target-ok').count()).toBe(1);

    await page.getByTestId('post-save').click();
    await expect.poll(() => page.getByTestId('post-saved').textContent()).toMatch(/created/i);
    const made = (await posts()).find((p) => String(p.fields.text).startsWith('Morning light'))!;
    postId = made.id;
    expect(targetsOf(made.fields).map((t) => t.channelId)).toEqual([insta.id, x.id]);
    expect(pageErrors).toEqual([]);
  });

  it('crops with the 4:5 preset into Instagram’s own media, leaving the original as it was', async () => {
    const { page } = browser;
    const section = page.getByTestId(`target-${insta.id}`);
    await section.getByRole('button', { name: /^Crop/ }).first().click();
    await page.getByRole('button', { name: '4:5', exact: true }).click();
    await page.getByRole('button', { name: 'Apply crop' }).click();
    await expect.poll(() => section.getByTestId('target-ok').count(), { timeout: 20_000 }).toBe(1);

    await page.getByTestId('post-save').click();
    const saved = async () => (await posts()).find((p) => p.id === postId)!;
    await expect.poll(async () => targetsOf((await saved()).fields)[0]?.assetIds?.length ?? 0).toBe(1);
    const [onInsta, onX] = targetsOf((await saved()).fields);
    const cropped = await app.core.handlers['library.get']({ id: onInsta!.assetIds![0]! });
    expect(cropped.id).not.toBe(wide.id);
    expect(cropped.fields).toMatchObject({ source_asset_id: wide.id });
    expect(cropped.width! / cropped.height!).toBeCloseTo(4 / 5, 2);
    // X keeps the post's own media; the original is untouched.
    expect(onX!.assetIds).toBeNull();
    expect((await saved()).fields.asset_ids).toEqual([wide.id]);
    expect((await app.core.handlers['library.get']({ id: wide.id })).sha256).toBe(wide.sha256);
    expect(pageErrors).toEqual([]);
  });

  it('schedules the post into Instagram’s next free slot and sees its chip on the calendar', async () => {
    const { page } = browser;
    await page.getByTestId('post-queue-open').click();
    await page.getByLabel('Queue on').selectOption(insta.id);
    await page.getByTestId('post-queue-go').click();
    await expect.poll(() => page.getByTestId('post-when').inputValue()).toMatch(/T09:00$/);
    await page.getByTestId('post-save').click();
    await expect.poll(async () => (await posts()).find((p) => p.id === postId)?.fields.status).toBe('scheduled');
    const at = String((await posts()).find((p) => p.id === postId)!.fields.scheduled_at);
    expect(localTimeOf(at, tz)).toBe('09:00');
    expect(Date.parse(at)).toBeGreaterThan(Date.now());
    queuedDay = dayKeyOf(new Date(at), tz);

    await showWeek(queuedDay);
    const chip = page.getByTestId(`calendar-day-${queuedDay}`).getByTestId(`calendar-item-${postId}`);
    await chip.waitFor();
    expect(await chip.textContent()).toContain('09:00');
    // The slot it took is no longer offered as empty.
    const slotAt = new Date(at).toISOString();
    expect(await page.getByTestId(`calendar-slot-${insta.id}-${slotAt}`).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('double-clicks an empty day to start the next post there', async () => {
    const { page } = browser;
    // A day of the same week with nothing on it and away from the queued post.
    const week = weekOf(queuedDay, 1);
    const other = week.find((d) => d !== queuedDay && d > dayKeyOf(new Date(), tz)) ?? addDays(queuedDay, 1);
    await showWeek(other);
    const before = (await posts()).length;
    await page.getByTestId(`calendar-day-${other}`).locator('.cal-day-head').dblclick();
    await page.getByTestId('post-editor').waitFor();
    await expect.poll(() => page.getByTestId('post-when').inputValue()).toBe(`${other}T09:00`);
    await expect.poll(async () => (await posts()).length).toBe(before + 1);
    expect(pageErrors).toEqual([]);
  });
});
