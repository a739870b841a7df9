/**
 * Accessibility in the browser: axe-core over every main screen and state (first run, library,
 * AI studio, every planner tab, sync, settings, the command palette), each in the light and the
 * dark theme; none may have a serious or critical violation. Also checks that interactive
 * elements show a visible focus ring when reached by keyboard.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atLocalTime, dayKeyOf } from '../../src/renderer/planner/calendar';
import { localZone } from '../../src/shared/time-zone';
import { makeImage } from '../../src/main/core/media/test-media';
import { openBrowser, startApp, trySandbox, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let files: string;
const axeSource = fs.readFileSync(path.resolve(__dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Console errors and page errors from every screen this spec visits (a CSP complaint, a 404, a crash). */
const consoleErrors: string[] = [];

/** Every violation seen, by screen: printed at the end so one run shows the whole picture. */
const seen: { screen: string; theme: string; violations: Violation[] }[] = [];

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-a11y-files-'));
  await makeImage(files, 'harbour.png', { width: 320, height: 200 });
  await makeImage(files, 'forest.jpg', { width: 200, height: 300, format: 'jpeg' });
  app = await startApp();
  browser = await openBrowser();
  browser.page.on('console', (msg) => {
    if (msg.type() === 'error')
      consoleErrors.push(`${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ''}`);
  });
  browser.page.on('pageerror', (e) => consoleErrors.push(e.message));
  await browser.page.goto(app.host.url);
});

afterAll(async () => {
  if (process.env.ATELIER_A11Y_REPORT) fs.writeFileSync(process.env.ATELIER_A11Y_REPORT, JSON.stringify(seen, null, 2));
  await browser?.close();
  await app?.stop();
  if (files) fs.rmSync(files, { recursive: true, force: true });
});

/** Violations as a reader wants them: rule, impact, where, and what to do. */
function describeViolations(list: Violation[]): string {
  const where = (n: Violation['nodes'][number]): string => {
    const summary = n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : '';
    return `    at ${n.target.join(' ')}${summary}`;
  };
  return list.map((v) => `${v.impact ?? '?'} ${v.id}: ${v.help}\n${v.nodes.map(where).join('\n')}`).join('\n');
}

/** Run axe on the page as it is now (the page's CSP forbids inline scripts: evaluate the source instead). */
async function runAxe(): Promise<Violation[]> {
  const { page } = browser;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Let transitions and late renders settle.
  await page.waitForTimeout(150);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

async function setScheme(scheme: 'light' | 'dark') {
  const { page } = browser;
  await page.emulateMedia({ colorScheme: scheme });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
}

/** Audit the current screen in both themes (the theme follows the OS while the setting is "system"). */
async function audit(screen: string) {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await setScheme(theme);
    const violations = await runAxe();
    seen.push({ screen, theme, violations });
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (bad.length) found.push(`${screen} (${theme}):\n${describeViolations(bad)}`);
  }
  await setScheme('light');
  // Soft: the test goes on to the next state, so one run reports every screen.
  expect.soft(found, found.join('\n\n')).toEqual([]);
}

const nav = () => browser.page.getByRole('navigation', { name: 'Sections' });
const openSection = async (name: string) => {
  await nav().getByRole('button', { name, exact: true }).click();
  await expect.poll(() => browser.page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
};
const openTab = async (tab: string) => {
  await browser.page.getByTestId(`planner-tab-${tab}`).click();
  await expect.poll(() => browser.page.getByTestId(`planner-tab-${tab}`).getAttribute('aria-selected')).toBe('true');
};

describe('browser mode: accessibility (axe, light and dark)', () => {
  it('first run: the choice and the account form', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Try the sandbox' }).waitFor();
    await audit('first run');
    await page.getByRole('button', { name: 'Connect my account' }).click();
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await audit('first run: connect my account');
    await page.getByRole('button', { name: 'Back' }).click();
    await trySandbox(page);
  });

  it('library: empty, with imported items, and the detail panel', async () => {
    const { page } = browser;
    await openSection('Library');
    await page.getByTestId('library-empty').waitFor();
    await audit('library (empty)');
    await page.getByTestId('import-input').setInputFiles(['harbour.png', 'forest.jpg'].map((f) => path.join(files, f)));
    await expect.poll(() => page.getByTestId('import-summary').textContent(), { timeout: 20_000 }).toMatch(/2/);
    const card = page.locator('[data-testid^="asset-"][data-name="harbour.png"]');
    await card.waitFor();
    await audit('library (items)');
    await card.click();
    await page.getByTestId('asset-detail').waitFor();
    await audit('library (detail panel)');
  });

  it('AI studio: the form, a finished job, and its detail', async () => {
    const { page } = browser;
    await openSection('AI Studio');
    await page.getByTestId('studio-op-text2image').click();
    await page.getByTestId('ai-model').waitFor();
    await audit('studio (form)');
    await page.getByTestId('ai-model').fill('paint-1');
    await page.getByTestId('ai-prompt').fill('a quiet harbour at dawn');
    await page.getByTestId('ai-param-width').fill('160');
    await page.getByTestId('ai-param-height').fill('120');
    await page.getByTestId('ai-submit').click();
    const tile = page.locator('[data-testid^="gallery-item-"]').first();
    await expect.poll(() => tile.getAttribute('data-state'), { timeout: 20_000 }).toBe('succeeded');
    await audit('studio (finished job)');
    await tile.click();
    await page.getByTestId('ai-detail-image').waitFor();
    await audit('studio (job detail)');
  });

  it('planner: calendar month, week and agenda', async () => {
    const { page } = browser;
    // Something to show: two posts today and a plan. Noon today is in today's month, week and
    // agenda at any hour (two hours from now, late in the evening, was tomorrow: another week or month).
    const tz = localZone();
    const noon = atLocalTime(dayKeyOf(new Date(), tz), '12:00', tz);
    const create = app.core.handlers['records.create'];
    await create({
      group: 'posts',
      fields: { text: 'Harbour at dawn', channel: 'Instagram', status: 'scheduled', scheduled_at: noon },
    });
    await create({
      group: 'posts',
      fields: { text: 'Forest walk', channel: 'Instagram', status: 'draft', scheduled_at: noon },
    });
    // A channel with a slot every day, so the views show empty slots too.
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, time: '18:30' }));
    await app.core.handlers['channels.create']({
      fields: {
        network: 'instagram-feed',
        name: 'Shop',
        handle: '@shop',
        colour: '#336699',
        avatarAssetId: null,
        slots: everyDay,
        rules: null,
      },
    });
    await openSection('Planner');
    for (const mode of ['month', 'week', 'agenda']) {
      await openTab('calendar');
      await page.getByTestId(`calendar-view-${mode}`).click();
      await page.getByTestId('calendar-today').click();
      await expect.poll(() => page.locator('[data-testid^="calendar-item-"]').count()).toBeGreaterThan(0);
      await audit(`planner calendar (${mode})`);
    }
    await page.locator('[data-testid^="calendar-item-"]').first().click();
    await audit('planner calendar (item selected)');
    await page.getByTestId('new-plan').click();
    await page.getByTestId('plan-form').waitFor();
    await audit('planner calendar (new plan form)');
  });

  it('planner: posts with the editor open, creatives, templates', async () => {
    const { page } = browser;
    await openTab('posts');
    await page.getByTestId('post-new').click();
    await page.getByTestId('post-editor').waitFor();
    await audit('planner posts (new post editor)');
    // A channel chosen, with its own text open and a warning under it.
    await page.locator('[data-testid^="target-option-"]').first().check();
    await page
      .getByRole('checkbox', { name: /^Customize for / })
      .first()
      .check();
    await page.getByTestId('post-text').fill('x'.repeat(2300));
    await page.getByTestId('target-warning').first().waitFor();
    await audit('planner posts (a channel chosen, its variant open, a warning)');
    await page.locator('[data-testid^="post-row-"]').first().click();
    await audit('planner posts (editing a post)');
    await openTab('channels');
    await page.getByTestId('channel-new').click();
    await page.getByTestId('channel-editor').waitFor();
    await page.getByTestId('channel-network').selectOption('other');
    await page.getByTestId('channel-slot-add').click();
    await audit('planner channels (new channel of type Other, with a slot)');
    await openTab('creatives');
    await audit('planner creatives');
    await page.getByTestId('creative-new').click();
    await page.getByTestId('creative-editor').waitFor();
    await audit('planner creatives (editor)');
    await openTab('templates');
    await page.getByTestId('template-new').click();
    await page.getByTestId('template-editor').waitFor();
    await page.getByTestId('template-body').fill('Hello {{name}}');
    await audit('planner templates (editor)');
  });

  it('planner: media queue, automations, import/export', async () => {
    const { page } = browser;
    await openTab('queue');
    await page.getByTestId('queue-add').waitFor();
    await audit('planner media queue');
    await openTab('automations');
    await page.getByTestId('automation-new').click();
    await page.getByTestId('automation-editor').waitFor();
    await audit('planner automations (editor)');
    await openTab('transfer');
    await audit('planner import/export');
  });

  it('sync and settings', async () => {
    await openSection('Sync');
    await browser.page.getByTestId('sync-phase').waitFor();
    await audit('sync');
    await openSection('Settings');
    await browser.page.getByTestId('about').waitFor();
    await audit('settings');
  });

  it('inbox: what happened, with the unread count', async () => {
    await nav()
      .getByRole('button', { name: /^Inbox/ })
      .click();
    await expect.poll(() => browser.page.getByRole('heading', { level: 1 }).textContent()).toBe('Inbox');
    await browser.page.getByTestId('inbox-row').first().waitFor();
    await audit('inbox');
  });

  it('the command palette, open and filtered', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await audit('command palette');
    await page.getByTestId('command-input').fill('go');
    await audit('command palette (filtered)');
    await page.getByTestId('command-input').fill('nothing matches this');
    await audit('command palette (no match)');
    await page.keyboard.press('Escape');
    await page.getByTestId('command-palette').waitFor({ state: 'detached' });
  });

  it('more states: library list view and trash, the media picker, a queued item, an automation', async () => {
    const { page } = browser;
    await openSection('Library');
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    await page.locator('[data-testid^="asset-"][data-name="harbour.png"]').waitFor();
    await audit('library (list view)');
    await page.getByTestId('trash-toggle').click();
    await audit('library (trash)');
    await page.getByTestId('trash-toggle').click();
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click();

    await openSection('Planner');
    await openTab('posts');
    await page.getByTestId('post-new').click();
    await page.getByTestId('attach-library').click();
    await page.getByRole('dialog', { name: 'Choose from the library' }).waitFor();
    await audit('planner posts (media picker dialog)');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Choose from the library' }).waitFor({ state: 'detached' });

    const asset = (
      await app.core.handlers['library.query']({
        text: '',
        trash: false,
        sort: 'created',
        dir: 'desc',
        offset: 0,
        limit: 1,
      })
    ).items[0]!;
    await app.core.handlers['planner.queueAdd']({ source: { group: 'assets', id: asset.id }, note: 'Morning post' });
    await openTab('queue');
    await page.locator('[data-testid^="queue-item-"]').first().waitFor();
    await audit('planner media queue (items)');
    await openTab('automations');
    await page.getByTestId('automation-new').click();
    await page.getByTestId('automation-name').fill('Tag harbour photos');
    await page.getByTestId('automation-trigger').selectOption('manual');
    await page.getByTestId('automation-save').click();
    await page.locator('[data-testid^="automation-run-"]').first().waitFor();
    await page.locator('[data-testid^="automation-run-"]').first().click();
    await page.getByTestId('automation-log').waitFor();
    await audit('planner automations (saved, run log)');
  });

  it('shows a visible focus ring on every control reached with Tab', async () => {
    const { page } = browser;
    const screens: [string, () => Promise<void>][] = [
      ['library', () => openSection('Library')],
      ['studio', () => openSection('AI Studio')],
      [
        'planner calendar',
        async () => {
          await openSection('Planner');
          await openTab('calendar');
        },
      ],
      [
        'planner posts',
        async () => {
          await openTab('posts');
          await page.getByTestId('post-new').click();
        },
      ],
      ['sync', () => openSection('Sync')],
      ['settings', () => openSection('Settings')],
    ];
    const unringed = new Set<string>();
    for (const [name, open] of screens) {
      await open();
      await page.locator('body').focus();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        const seenHere = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          const ring =
            (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none';
          const type = el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : '';
          const firstClass = el.className ? `.${String(el.className).split(' ')[0]}` : '';
          const mark = el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : firstClass;
          const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
          const what = `${el.tagName.toLowerCase()}${type}${mark} “${label}”`;
          return { ring, what, status: el.closest('.status-bar') !== null };
        });
        if (!seenHere) continue;
        if (!seenHere.ring) unringed.add(`${name}: ${seenHere.what}`);
        // Past the section, into the status bar: this screen is done.
        if (seenHere.status) break;
      }
    }
    expect([...unringed], [...unringed].join('\n')).toEqual([]);
  });

  it('logged no console error on any of the screens above', () => {
    expect(consoleErrors).toEqual([]);
  });

  it('prints what axe found (all impacts) for the record', () => {
    const counts = new Map<string, number>();
    for (const s of seen)
      for (const v of s.violations)
        counts.set(`${v.impact} ${v.id}`, (counts.get(`${v.impact} ${v.id}`) ?? 0) + v.nodes.length);
    console.log(
      `axe: ${seen.length} audits; violations by rule (nodes): ` +
        `${counts.size ? [...counts].map(([k, n]) => `${k}=${n}`).join(', ') : 'none'}`,
    );
  });
});
