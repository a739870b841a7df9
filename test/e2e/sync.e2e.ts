/**
 * The Sync view in the browser: a change the platform refuses is set aside after one attempt with
 * the platform's own words, retried or discarded; a record changed here while sync was paused and
 * on the platform meanwhile becomes a conflict shown side by side, resolved by keeping mine, the
 * platform's, or an edited merge; the activity log tells what happened; and the status bar sums up
 * what waits, what failed and what needs a choice from any section.
 *
 * The tests share one app and run in order, as a creator's session would: later ones count on
 * what earlier ones left (the activity log, the posts already on the platform).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/contract';
import type { RecordView } from '../../src/shared/records';
import { openSignedIn, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ app, browser } = await openSignedIn({ pageErrors }));
  await openSection('Sync');
  await browser.page.getByRole('heading', { name: 'Resource groups' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A channel call, exactly as the renderer makes it (validated by the dispatcher). */
async function call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const result = await app.core.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data as ChannelOutput<C>;
}

const getPost = (id: string) => call('records.get', { group: 'posts', id }) as Promise<RecordView>;

/** The platform's copy of a post, read straight from the sandbox. */
async function remotePost(remoteId: string): Promise<Record<string, unknown>> {
  const res = await app.core.session.request({ method: 'GET', url: `${app.sandbox().url}/v2/posts/${remoteId}` });
  return res.body as Record<string, unknown>;
}

async function remotePostTexts(): Promise<string[]> {
  const res = await app.core.session.request({ method: 'GET', url: `${app.sandbox().url}/v2/posts?limit=200` });
  return (res.body as { items: { text: string }[] }).items.map((p) => p.text).sort();
}

/** Another device (here: a direct request) changes the post on the platform, unconditionally. */
async function changeOnPlatform(remoteId: string, fields: Record<string, unknown>): Promise<void> {
  const res = await app.core.session.request({
    method: 'PATCH',
    url: `${app.sandbox().url}/v2/posts/${remoteId}`,
    body: fields,
  });
  expect(res.status).toBe(200);
}

/** A post created here and acknowledged by the platform. */
async function syncedPost(fields: Record<string, unknown>): Promise<RecordView> {
  const post = await call('records.create', { group: 'posts', fields });
  await expect.poll(async () => (await getPost(post.id)).syncState, { timeout: 10_000 }).toBe('synced');
  return getPost(post.id);
}

async function openSection(name: string) {
  await browser.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true }).click();
}

const statusBar = () => browser.page.getByTestId('status-sync').textContent();
const count = (group: string, column: 'pending' | 'failed' | 'conflicts') =>
  browser.page.getByTestId(`sync-group-${group}`).getByTestId(column).textContent();
const total = (column: 'pending' | 'failed' | 'conflicts') => browser.page.getByTestId(`total-${column}`).textContent();
const failedItems = () => browser.page.getByTestId(/^failed-\d+$/);
const failedItem = (label: string) => failedItems().filter({ has: browser.page.locator('strong', { hasText: label }) });
const logEntries = () => browser.page.getByTestId('sync-log').locator('li').allTextContents();
const section = (title: RegExp) =>
  browser.page.locator('section.card').filter({ has: browser.page.getByRole('heading', { name: title }) });

describe('browser mode: the sync view', () => {
  it(
    'sets a refused change aside after one attempt with the platform’s message; ' +
      'Retry sends it once the platform accepts it',
    async () => {
      const { page } = browser;
      const sandbox = app.sandbox();
      const [fault] = sandbox.faults.set({ path: '/v2/posts', method: 'POST', kind: 'error', status: 422 });

      const post = await call('records.create', { group: 'posts', fields: { text: 'Launch teaser' } });

      const item = failedItem('Launch teaser');
      await item.waitFor({ timeout: 10_000 });
      expect(await item.getByTestId('failed-message').textContent()).toBe('injected fault: HTTP 422');
      expect(await item.textContent()).toMatch(/Create · Posts · 1 attempt\b/);
      await expect.poll(() => count('posts', 'failed')).toBe('1');
      expect(await count('posts', 'pending')).toBe('0');
      expect(await total('failed')).toBe('1');
      expect(await page.getByTestId('sync-group-posts').getByTestId('state').textContent()).toBe(
        'Some changes refused',
      );
      expect(
        await section(/^Refused changes/)
          .getByRole('heading', { level: 2 })
          .textContent(),
      ).toBe('Refused changes (1)');
      await expect.poll(() => statusBar()).toBe('1 failed');

      // Set aside, not retried: a whole new sync (it pulls again) leaves it alone.
      const pulls = sandbox.stats.byRoute['GET /v2/posts'] ?? 0;
      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect.poll(() => sandbox.stats.byRoute['GET /v2/posts'] ?? 0, { timeout: 10_000 }).toBeGreaterThan(pulls);
      await expect.poll(() => page.getByTestId('sync-phase').textContent()).toBe('Needs your attention');
      expect(sandbox.faults.list().find((f) => f.id === fault!.id)?.hits).toBe(1);
      expect(await item.textContent()).toMatch(/1 attempt\b/);
      expect(await remotePostTexts()).toEqual([]);

      // The status bar says so from any section, and leads back here.
      await openSection('Library');
      await expect.poll(() => statusBar()).toBe('1 failed');
      await page.getByTestId('status-sync').click();
      await page.getByRole('heading', { name: 'Resource groups' }).waitFor();

      // The platform takes it now: Retry sends it again.
      sandbox.faults.remove(fault!.id);
      await item.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => failedItems().count(), { timeout: 10_000 }).toBe(0);
      await expect.poll(() => count('posts', 'failed')).toBe('0');
      expect(await total('failed')).toBe('0');
      expect(await section(/^Refused changes/).textContent()).toContain(
        'The platform has not refused any of your changes.',
      );
      await expect.poll(() => remotePostTexts()).toEqual(['Launch teaser']);
      await expect.poll(async () => (await getPost(post.id)).syncState).toBe('synced');
      await expect.poll(() => statusBar()).toBe('Synced');
    },
  );

  it('discards refused changes: an update goes back to the platform’s version, a create is removed here', async () => {
    const sandbox = app.sandbox();
    const kept = await syncedPost({ text: 'Original words' });
    sandbox.faults.set([
      { path: '/v2/posts/*', method: 'PATCH', kind: 'error', status: 422 },
      { path: '/v2/posts', method: 'POST', kind: 'error', status: 400 },
    ]);
    await call('records.update', { group: 'posts', id: kept.id, fields: { text: 'Rejected words' } });
    const never = await call('records.create', { group: 'posts', fields: { text: 'Never accepted' } });

    await expect.poll(() => failedItems().count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => count('posts', 'failed')).toBe('2');
    await expect.poll(() => statusBar()).toBe('2 failed');
    expect(await failedItem('Rejected words').getByTestId('failed-message').textContent()).toBe(
      'injected fault: HTTP 422',
    );
    expect(await failedItem('Rejected words').textContent()).toContain('Update · Posts');
    expect(await failedItem('Never accepted').getByTestId('failed-message').textContent()).toBe(
      'injected fault: HTTP 400',
    );
    sandbox.faults.clear();

    // Discard asks first; Cancel keeps the change.
    const update = failedItem('Rejected words');
    await update.getByRole('button', { name: 'Discard' }).click();
    expect(await update.getByRole('group').textContent()).toContain(
      "Discard this change? The record goes back to the platform's version.",
    );
    await update.getByRole('button', { name: 'Cancel' }).click();
    expect(await failedItems().count()).toBe(2);

    await update.getByRole('button', { name: 'Discard' }).click();
    await update.getByRole('button', { name: 'Discard change' }).click();
    await expect.poll(() => failedItem('Rejected words').count()).toBe(0);
    await expect.poll(() => count('posts', 'failed')).toBe('1');
    await expect.poll(() => statusBar()).toBe('1 failed');
    // The record is the platform's version again, in step, and nothing of the change is left to send.
    expect(await getPost(kept.id)).toMatchObject({
      fields: { text: 'Original words' },
      syncState: 'synced',
      pending: 0,
    });
    expect((await remotePost(kept.remoteId!)).text).toBe('Original words');

    // A refused create has no platform version: discarding it removes the record here.
    const create = failedItem('Never accepted');
    await create.getByRole('button', { name: 'Discard' }).click();
    await create.getByRole('button', { name: 'Discard change' }).click();
    await expect.poll(() => failedItems().count()).toBe(0);
    await expect.poll(() => count('posts', 'failed')).toBe('0');
    expect((await app.core.dispatch('records.get', { group: 'posts', id: never.id })).ok).toBe(false);
    expect(await remotePostTexts()).toEqual(['Launch teaser', 'Original words']);
    await expect.poll(() => statusBar()).toBe('Synced');
  });

  it(
    'shows a record changed here while paused and on the platform as a conflict, side by side; ' +
      '"Keep mine" wins on the platform',
    async () => {
      const { page } = browser;
      const post = await syncedPost({ text: 'Shared draft', channel: 'Instagram' });

      await page.getByRole('button', { name: 'Pause sync' }).click();
      await expect.poll(() => page.getByTestId('sync-phase').textContent()).toBe('Paused by you');
      await call('records.update', { group: 'posts', id: post.id, fields: { text: 'Mine, written offline' } });
      await expect.poll(() => count('posts', 'pending')).toBe('1');
      await expect.poll(() => statusBar()).toBe('Sync paused — 1 change waiting');
      await changeOnPlatform(post.remoteId!, { text: 'Theirs, from the platform' });

      await page.getByRole('button', { name: 'Resume sync' }).click();
      const conflict = page.getByTestId(`conflict-${post.id}`);
      await conflict.waitFor({ timeout: 10_000 });
      await expect.poll(() => count('posts', 'conflicts')).toBe('1');
      expect(await total('conflicts')).toBe('1');
      expect(
        await section(/^Conflicts/)
          .getByRole('heading', { level: 2 })
          .textContent(),
      ).toBe('Conflicts (1)');
      await expect.poll(() => statusBar()).toBe('1 conflict');
      expect(await page.getByTestId('sync-group-posts').getByTestId('state').textContent()).toBe('Needs your choice');

      // Both versions, side by side: the differing field is marked, the same one is shown once per side.
      expect(await conflict.getByRole('heading', { level: 3 }).textContent()).toBe('Mine, written offline');
      expect(await conflict.textContent()).toContain('Posts · 1 field differs');
      const text = conflict.locator('tr[data-field="text"]');
      expect(await text.locator('th').textContent()).toMatch(/differs/);
      expect(await text.locator('td').allTextContents()).toEqual([
        'Mine, written offline',
        'Theirs, from the platform',
      ]);
      expect(await conflict.locator('tr[data-field="channel"] td').allTextContents()).toEqual([
        'Instagram',
        'Instagram',
      ]);
      expect(await conflict.locator('tr[data-field="channel"] th').textContent()).not.toMatch(/differs/);
      expect(await conflict.locator('thead').textContent()).toMatch(/On this computer.*On the platform \(version 2\)/);
      // Nothing was overwritten on either side.
      expect((await remotePost(post.remoteId!)).text).toBe('Theirs, from the platform');
      expect((await getPost(post.id)).fields.text).toBe('Mine, written offline');

      await conflict.getByRole('button', { name: 'Keep mine' }).click();
      await expect.poll(() => conflict.count()).toBe(0);
      await expect.poll(() => count('posts', 'conflicts')).toBe('0');
      expect(await section(/^Conflicts/).textContent()).toContain(
        'No record was changed both here and on the platform.',
      );
      await expect
        .poll(async () => (await remotePost(post.remoteId!)).text, { timeout: 10_000 })
        .toBe('Mine, written offline');
      await expect.poll(async () => (await getPost(post.id)).syncState).toBe('synced');
      await expect.poll(() => statusBar()).toBe('Synced');
    },
  );

  it('resolves two conflicts at once: one with the platform’s version, one with an edited merge', async () => {
    const { page } = browser;
    const a = await syncedPost({ text: 'Autumn menu' });
    const b = await syncedPost({ text: 'Winter menu', status: 'draft' });

    await page.getByRole('button', { name: 'Pause sync' }).click();
    await expect.poll(() => page.getByTestId('sync-phase').textContent()).toBe('Paused by you');
    await call('records.update', { group: 'posts', id: a.id, fields: { text: 'Autumn menu (mine)' } });
    await call('records.update', { group: 'posts', id: b.id, fields: { text: 'Winter menu (mine)' } });
    await changeOnPlatform(a.remoteId!, { text: 'Autumn menu (theirs)' });
    await changeOnPlatform(b.remoteId!, { text: 'Winter menu (theirs)', status: 'ready' });
    await expect.poll(() => statusBar()).toBe('Sync paused — 2 changes waiting');

    // The status bar says the same from another section.
    await openSection('Planner');
    await expect.poll(() => statusBar()).toBe('Sync paused — 2 changes waiting');
    await openSection('Sync');
    await page.getByRole('button', { name: 'Resume sync' }).click();
    await expect.poll(() => count('posts', 'conflicts'), { timeout: 10_000 }).toBe('2');
    await openSection('Library');
    await expect.poll(() => statusBar()).toBe('2 conflicts');
    await openSection('Sync');

    const first = page.getByTestId(`conflict-${a.id}`);
    const second = page.getByTestId(`conflict-${b.id}`);
    expect(
      await section(/^Conflicts/)
        .getByRole('heading', { level: 2 })
        .textContent(),
    ).toBe('Conflicts (2)');

    await first.getByRole('button', { name: "Keep the platform's" }).click();
    await expect.poll(() => first.count()).toBe(0);
    await expect.poll(() => count('posts', 'conflicts')).toBe('1');
    await expect.poll(() => statusBar()).toBe('1 conflict');
    expect(await getPost(a.id)).toMatchObject({ fields: { text: 'Autumn menu (theirs)' }, syncState: 'synced' });

    // The merge editor: text edited by hand, status taken from the platform.
    expect(await second.textContent()).toContain('2 fields differ');
    await second.getByRole('button', { name: 'Edit a merge…' }).click();
    const editor = second.locator('form');
    await editor.getByLabel('Merged value of text').fill('Winter menu (both)');
    await editor
      .locator('fieldset[data-field="status"]')
      .getByRole('radio', { name: /^On the platform/ })
      .check();
    expect(await editor.getByLabel('Merged value of status').inputValue()).toBe('ready');
    await editor.getByRole('button', { name: 'Save merge' }).click();
    await expect.poll(() => second.count()).toBe(0);
    await expect.poll(() => count('posts', 'conflicts')).toBe('0');
    await expect
      .poll(async () => remotePost(b.remoteId!), { timeout: 10_000 })
      .toMatchObject({
        text: 'Winter menu (both)',
        status: 'ready',
      });
    expect((await remotePost(a.remoteId!)).text).toBe('Autumn menu (theirs)');
    await expect.poll(async () => (await getPost(b.id)).syncState).toBe('synced');
    await expect.poll(() => statusBar()).toBe('Synced');
  });

  it('shows that a sync is running after "Sync now"', async () => {
    const { page } = browser;
    const sandbox = app.sandbox();
    await expect.poll(() => page.getByTestId('sync-phase').textContent()).toBe('Up to date');
    // Nothing to send, and the pull of posts takes a while: the sync runs for over a second.
    sandbox.faults.set({ path: '/v2/posts', method: 'GET', kind: 'latency', latencyMs: 1500, count: 1 });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => sandbox.faults.list().length, { timeout: 10_000 }).toBe(0); // the slow pull has started
    expect(app.core.sync.status().phase).toBe('syncing');
    await expect.poll(() => page.getByTestId('sync-phase').textContent(), { timeout: 1_000 }).toBe('Syncing');
    expect(await statusBar()).toBe('Syncing…');
  });

  it('stays paused when paused while a sync is running, and can be resumed', async () => {
    const { page } = browser;
    const sandbox = app.sandbox();
    await expect.poll(() => app.core.sync.status().phase, { timeout: 5_000 }).toBe('idle');
    await expect.poll(() => page.getByTestId('sync-phase').textContent()).toBe('Up to date');
    const lastSync = app.core.sync.status().lastSyncAt;
    sandbox.faults.set({ path: '/v2/posts', method: 'GET', kind: 'latency', latencyMs: 1500, count: 1 });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => sandbox.faults.list().length, { timeout: 10_000 }).toBe(0); // the slow pull has started
    try {
      await page.getByRole('button', { name: 'Pause sync' }).click();
      await expect.poll(() => page.getByTestId('sync-phase').textContent()).toBe('Paused by you');
      // The running sync ends (run() waits for the cycle in progress): what was on its way finished,
      // the groups after it were not pulled, so it does not count as a finished sync…
      await app.core.sync.run();
      expect(app.core.sync.status().lastSyncAt).toBe(lastSync);
      await new Promise((r) => setTimeout(r, 300));
      // …and sync is still paused, says so, and offers to resume.
      expect(await page.getByTestId('sync-phase').textContent()).toBe('Paused by you');
      expect(await statusBar()).toBe('Sync paused');
      await page.getByRole('button', { name: 'Resume sync' }).click({ timeout: 2_000 });
      await expect.poll(() => page.getByTestId('sync-phase').textContent(), { timeout: 5_000 }).toBe('Up to date');
    } finally {
      app.core.sync.setPaused(false); // whatever happened, the tests after this one sync again
    }
  });

  it('the activity log lists what happened, newest first, with each entry’s level in words', async () => {
    const entries = await logEntries();
    const first = (re: RegExp) => entries.findIndex((e) => re.test(e));
    const last = (re: RegExp) => entries.findLastIndex((e) => re.test(e));
    // The refused changes, each with the platform's words, and the drain that set the first one aside.
    const refused = last(/^✕ Error.*Posts: The platform refused a change to a post: injected fault: HTTP 422$/);
    expect(refused).toBeGreaterThanOrEqual(0);
    expect(
      first(/^✕ Error.*Posts: The platform refused a change to a post: injected fault: HTTP 400$/),
    ).toBeGreaterThanOrEqual(0);
    const setAside = last(/^⚠ Warning.*Sent 0 changes; 1 refused and set aside\.$/);
    expect(setAside).toBeGreaterThanOrEqual(0);
    expect(setAside).toBeLessThan(refused); // newer: written after the refusal it sums up
    // Three conflicts, all after the refusals, and the changes sent once they were resolved.
    const conflictLine = new RegExp(
      '^⚠ Warning.*Posts: Conflict on a post: it changed here and on the platform\\. ' +
        'Choose which version to keep\\.$',
    );
    const conflicts = entries.filter((e) => conflictLine.test(e));
    expect(conflicts).toHaveLength(3);
    expect(last(/Conflict on a post/)).toBeLessThan(first(/The platform refused a change/));
    expect(first(/^ℹ Info.*Sent 1 change\.$/)).toBeGreaterThanOrEqual(0);
    expect(first(/^ℹ Info.*Sent 1 change\.$/)).toBeLessThan(last(/Conflict on a post/)); // a resolution, sent
    expect(pageErrors).toEqual([]);
  });
});
