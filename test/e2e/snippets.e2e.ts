/**
 * Snippets in the browser: made in the Planner's Snippets tab, inserted into a post's text from the
 * picker beside it (its variable asked for) and from the command palette, at the caret, each use counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ app, browser } = await openSignedIn({ pageErrors }));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const axeSource = fs.readFileSync(path.resolve(__dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe findings on the page as it is now, as "rule at target" lines. */
async function axeProblems(): Promise<string[]> {
  const { page } = browser;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await page.waitForTimeout(150);
  return page.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(d: Document): Promise<{ violations: Found[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
  });
}

const heading = () => browser.page.getByRole('heading', { level: 1 }).textContent();
const focusedTestId = () => browser.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const postText = () => browser.page.getByTestId('post-text');

async function openTab(tab: string) {
  const { page } = browser;
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Planner', exact: true })
    .click();
  await expect.poll(heading).toBe('Planner');
  await page.getByTestId(`planner-tab-${tab}`).click();
}

describe('browser mode: snippets', () => {
  it('makes a snippet in the Snippets tab', async () => {
    const { page } = browser;
    await openTab('snippets');
    await page.getByTestId('snippet-new').click();
    await page.getByTestId('snippet-name').fill('Launch tags');
    await page.getByTestId('snippet-kind').selectOption('hashtags');
    await page.getByTestId('snippet-body').fill('#launch #{{product}}');
    await page.getByTestId('snippet-save').click();
    await page.getByText('Snippet created.').waitFor();
    expect(await axeProblems()).toEqual([]);
    expect(await page.locator('[data-testid^="snippet-row-"]').first().textContent()).toContain('not used yet');
  });

  it('inserts it from the picker beside the post text, asking for its variable, with the keyboard', async () => {
    const { page } = browser;
    await openTab('posts');
    await page.getByTestId('post-new').click();
    await postText().fill('Big day');
    await postText().press('End');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('snippet-picker-dialog').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.getByRole('combobox', { name: 'Search snippets' }).fill('launch');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByLabel('{{product}}').waitFor();
    expect(await axeProblems()).toEqual([]);
    await page.keyboard.type('mugs');
    await page.keyboard.press('Enter');
    await page.getByTestId('snippet-picker-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => postText().inputValue()).toBe('Big day #launch #mugs');
    await expect.poll(focusedTestId).toBe('post-text');
    await page.getByTestId('post-save').click();
    await page.getByText('Post created.').waitFor();
  });

  it('inserts it from the command palette at the caret of the post text', async () => {
    const { page } = browser;
    await postText().focus();
    await postText().evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(3, 3));
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-input').fill('insert snippet');
    await page.keyboard.press('Enter');
    await page.getByTestId('snippet-palette').waitFor();
    await page.getByTestId('snippet-palette-input').fill('launch');
    expect(await axeProblems()).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByTestId('snippet-palette').waitFor({ state: 'detached' });
    await expect.poll(() => postText().inputValue()).toBe('Big #launch #{{product}} day #launch #mugs');
    await expect.poll(focusedTestId).toBe('post-text');
  });

  it('counts both uses, and lists no snippet among the templates', async () => {
    const { page } = browser;
    await openTab('snippets');
    await expect.poll(() => page.locator('[data-testid^="snippet-row-"]').first().textContent()).toContain('used 2×');
    await openTab('templates');
    await page.getByTestId('template-new').waitFor();
    await page.getByText(/Choose a template to edit it/).waitFor();
    expect(await page.locator('#planner-panel').getByText('Launch tags').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
