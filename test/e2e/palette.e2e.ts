/**
 * Commands in the browser: the command palette (Ctrl+K) filters, runs and gives the focus back;
 * shortcut keys (new post, AI job, sections, search, import, theme) and the desktop menu's
 * `app.command` event carry out the same commands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ app, browser } = await openSignedIn({
    pageErrors,
    beforeOpen: (page) => page.emulateMedia({ colorScheme: 'light' }),
  }));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const heading = () => browser.page.getByRole('heading', { level: 1 }).textContent();
const focusedTestId = () =>
  browser.page.evaluate(
    () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.id ?? null,
  );
const theme = () => browser.page.evaluate(() => document.documentElement.dataset.theme);
const storedTheme = () =>
  (JSON.parse(fs.readFileSync(path.join(app.dataDir, 'settings.json'), 'utf8')) as { theme: string }).theme;
const palette = () => browser.page.getByTestId('command-palette');

async function openSection(name: string) {
  await browser.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true }).click();
  await expect.poll(heading).toBe(name);
}

describe('browser mode: command palette and shortcuts', () => {
  it('opens with Ctrl+K as a labelled modal dialog with a combobox over the commands', async () => {
    const { page } = browser;
    await openSection('Library');
    await page.keyboard.press('Control+k');
    await palette().waitFor();
    expect(await palette().getAttribute('aria-modal')).toBe('true');
    expect(await page.getByRole('dialog', { name: 'Command palette' }).count()).toBe(1);
    const input = page.getByTestId('command-input');
    expect(await focusedTestId()).toBe('command-input');
    expect(await input.getAttribute('role')).toBe('combobox');
    const listId = await input.getAttribute('aria-controls');
    expect(await page.locator(`[id="${listId}"]`).getAttribute('role')).toBe('listbox');
    // Every command but the palette itself, each with its shortcut (records show once something is typed).
    expect(await palette().getByRole('option').count()).toBe(16);
    expect(await page.getByTestId('command-option-go-planner').textContent()).toContain('Ctrl+3');
    expect(await page.getByTestId('command-option-toggle-theme').textContent()).toContain('Ctrl+Shift+L');
    // The first is active; the arrow keys move through them.
    const active = () => input.getAttribute('aria-activedescendant');
    const first = await palette().getByRole('option').nth(0).getAttribute('id');
    const second = await palette().getByRole('option').nth(1).getAttribute('id');
    expect(await active()).toBe(first);
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe(second);
    expect(await palette().getByRole('option').nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe(await palette().getByRole('option').last().getAttribute('id'));
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'detached' });
  });

  it('filters as you type and runs the chosen command with Enter', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-input').fill('planner');
    const options = await palette()
      .getByRole('option')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(options[0]).toBe('command-option-go-planner');
    expect(options).not.toContain('command-option-import');
    expect(await page.getByTestId('command-input').getAttribute('aria-activedescendant')).toBe(
      await page.getByTestId('command-option-go-planner').getAttribute('id'),
    );
    await page.keyboard.press('Enter');
    await expect.poll(heading).toBe('Planner');
    expect(await palette().count()).toBe(0);

    await page.keyboard.press('Control+k');
    await page.getByTestId('command-input').fill('no such command');
    expect(await palette().getByRole('option').count()).toBe(0);
    expect(await palette().getByRole('status').textContent()).toContain('No command matches');
    await page.keyboard.press('Escape');
  });

  it('gives the focus back where it was when closed with Escape', async () => {
    const { page } = browser;
    await openSection('Library');
    await page.getByTestId('library-search').focus();
    await page.keyboard.press('Control+k');
    await palette().waitFor();
    await page.keyboard.type('sync');
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'detached' });
    expect(await focusedTestId()).toBe('library-search');
    expect(await heading()).toBe('Library');
    // The sidebar's button opens it too, and the focus goes back to the button.
    await page.getByTestId('open-palette').click();
    await palette().waitFor();
    await page.keyboard.press('Escape');
    expect(await focusedTestId()).toBe('open-palette');
  });

  it('Ctrl+N opens a new post’s editor with its text focused', async () => {
    const { page } = browser;
    await page.getByTestId('library-search').focus();
    await page.keyboard.press('Control+n');
    await expect.poll(heading).toBe('Planner');
    await expect.poll(() => page.getByTestId('planner-tab-posts').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('post-editor').getByRole('heading', { name: 'New post' }).waitFor();
    await expect.poll(focusedTestId).toBe('post-text');
    await page.keyboard.type('Written from the keyboard');
    expect(await page.getByTestId('post-text').inputValue()).toBe('Written from the keyboard');
  });

  it('switches sections with Ctrl+1…5, and Ctrl+G takes the keyboard to the AI form', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+2');
    await expect.poll(heading).toBe('AI Studio');
    await page.keyboard.press('Control+4');
    await expect.poll(heading).toBe('Sync');
    await page.keyboard.press('Control+1');
    await expect.poll(heading).toBe('Library');
    await page.keyboard.press('Control+g');
    await expect.poll(heading).toBe('AI Studio');
    await expect.poll(focusedTestId).toBe('ai-model');
  });

  it('Ctrl+F focuses the search of the screen shown, or the library’s', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+f');
    await expect.poll(focusedTestId).toBe('gallery-search');
    await page.keyboard.press('Control+3');
    await expect.poll(heading).toBe('Planner');
    await page.getByTestId('planner-tab-posts').click();
    await page.keyboard.press('Control+f');
    await expect.poll(focusedTestId).toBe('posts-search');
    await page.getByTestId('planner-tab-calendar').click();
    await page.keyboard.press('Control+f');
    await expect.poll(heading).toBe('Library');
    await expect.poll(focusedTestId).toBe('library-search');
  });

  it('Ctrl+I opens the browser’s file picker for an import', async () => {
    const { page } = browser;
    await openSection('Sync');
    const chooser = page.waitForEvent('filechooser', { timeout: 5000 });
    await page.keyboard.press('Control+i');
    const picked = await chooser;
    expect(picked.isMultiple()).toBe(true);
    expect(await heading()).toBe('Library');
  });

  it('switches the theme from the palette, with the shortcut and with the sidebar button', async () => {
    const { page } = browser;
    expect(await theme()).toBe('light');
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-input').fill('dark mode');
    await page.keyboard.press('Enter');
    await expect.poll(theme).toBe('dark');
    await expect.poll(storedTheme).toBe('dark');
    expect(await page.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Control+Shift+L');
    await expect.poll(theme).toBe('light');
    await expect.poll(storedTheme).toBe('light');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(theme).toBe('dark');
    await expect.poll(() => page.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
    // Settings shows the choice too.
    await page.keyboard.press('Control+5');
    await expect.poll(() => page.getByLabel('Dark', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Follow the system').check();
    await expect.poll(theme).toBe('light');
  });

  it('runs commands that move the focus once the palette has closed', async () => {
    const { page } = browser;
    const runFromPalette = async (query: string, id: string) => {
      await page.keyboard.press('Control+k');
      await page.getByTestId('command-input').fill(query);
      await page.getByTestId(`command-option-${id}`).click();
      await palette().waitFor({ state: 'detached' });
    };
    await runFromPalette('generate', 'run-ai-job');
    await expect.poll(heading).toBe('AI Studio');
    await expect.poll(focusedTestId).toBe('ai-model');
    await runFromPalette('find', 'search');
    await expect.poll(focusedTestId).toBe('gallery-search');
    await runFromPalette('new post', 'new-post');
    await expect.poll(focusedTestId).toBe('post-text');
    // Diagnostics and updates live in Settings: it opens there, on their control when it has one
    // (browser mode asks for a folder before it can export: its field then).
    await runFromPalette('diagnostics', 'export-diagnostics');
    await expect.poll(heading).toBe('Settings');
    await expect.poll(focusedTestId).toBe('diagnostics-folder');
    await runFromPalette('updates', 'check-updates');
    await expect.poll(heading).toBe('Settings');
    const check = page.getByTestId('update-check');
    if ((await check.count()) > 0 && (await check.isEnabled())) await expect.poll(focusedTestId).toBe('update-check');
    // The keyboard is never left on nothing.
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  it('finds a post by a word of its text and opens it with Enter; "sched" offers Schedule post first', async () => {
    const { page } = browser;
    const post = app.core.store.create('posts', app.core.workspace.account(), {
      text: 'Lanterns over the harbour tonight\nBring a coat',
    });
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-input').fill('harbour');
    const option = page.getByTestId(`palette-option-posts-${post.id}`);
    await option.waitFor();
    expect(await option.textContent()).toContain('Lanterns over the harbour tonight');
    await expect
      .poll(() => page.getByTestId('command-input').getAttribute('aria-activedescendant'))
      .toBe(await option.getAttribute('id'));
    await page.keyboard.press('Enter');
    await palette().waitFor({ state: 'detached' });
    await expect.poll(heading).toBe('Planner');
    await expect.poll(() => page.getByTestId('post-text').inputValue()).toContain('Lanterns over the harbour');

    await page.keyboard.press('Control+k');
    await page.getByTestId('command-input').fill('sched');
    const first = await palette().getByRole('option').first().getAttribute('data-testid');
    expect(first).toBe('command-option-schedule-post');
    await page.keyboard.press('Enter');
    await expect.poll(focusedTestId).toBe('post-when');
  });

  it('finds media by a tag’s first letters and opens it in the library’s detail panel', async () => {
    const { page } = browser;
    const asset = app.core.store.create('assets', app.core.workspace.account(), {
      name: 'quayside-lamps.jpg',
      kind: 'image',
      tags: ['waterfront'],
    });
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-input').fill('waterf');
    const option = page.getByTestId(`palette-option-media-${asset.id}`);
    await option.waitFor();
    await option.click();
    await palette().waitFor({ state: 'detached' });
    await expect.poll(heading).toBe('Library');
    await expect.poll(() => page.getByTestId('asset-detail').textContent()).toContain('quayside-lamps.jpg');
  });

  it('carries out commands the desktop menu sends (app.command)', async () => {
    app.core.events.emit('app.command', { command: 'go-planner' });
    await expect.poll(heading).toBe('Planner');
    app.core.events.emit('app.command', { command: 'palette' });
    await palette().waitFor();
    app.core.events.emit('app.command', { command: 'go-sync' });
    await expect.poll(heading).toBe('Sync');
    expect(await palette().count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
