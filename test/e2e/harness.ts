import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createCore, type Core } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import type { CoreDeps } from '../../src/main/core/ports';
import { startWebHost, type WebHost } from '../../src/main/web/server';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium';

export const rendererDir = path.resolve(__dirname, '../../out/renderer');

export interface RunningApp {
  dataDir: string;
  core: Core;
  host: WebHost;
  /** The embedded sandbox, once the app started it ("Try the sandbox"). */
  sandbox(): Sandbox;
  /** Take the platform away (the network is gone) and bring it back on the same address with its data. */
  stopSandbox(): Promise<void>;
  restartSandbox(): Promise<void>;
  stop(): Promise<void>;
}

/** Start the real core and browser-mode host on a fresh data folder. */
export async function startApp(given?: string, opts: { sync?: CoreDeps['sync'] } = {}): Promise<RunningApp> {
  const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    throw new Error('The renderer is not built: run "npm run build:renderer" (npm run test:e2e does it).');
  }
  let sandbox: Sandbox | null = null;
  const sandboxDir = path.join(dataDir, 'sandbox');
  let sandboxPort = 0;
  const deps = nodeDeps({
    dataDir,
    host: 'web',
    version: 'e2e',
    quiet: true,
    // The same embedded sandbox the app starts, kept in reach so tests can expire tokens or inject faults.
    embeddedSandbox: async () => {
      sandbox = await startSandbox({ port: 0, dataDir: sandboxDir, aiLatencyMs: 200 });
      sandboxPort = Number(new URL(sandbox.url).port);
      const s = sandbox;
      return { url: s.url, demo: s.demo, stop: () => s.stop() };
    },
  });
  if (opts.sync) deps.sync = opts.sync;
  const core = createCore(deps);
  await core.start();
  const host = await startWebHost({ core, logger: deps.logger, rendererDir, media: core.media });
  return {
    dataDir,
    core,
    host,
    sandbox: () => {
      if (!sandbox) throw new Error('The app has not started its sandbox yet.');
      return sandbox;
    },
    stopSandbox: async () => {
      await sandbox?.stop();
    },
    restartSandbox: async () => {
      sandbox = await startSandbox({ port: sandboxPort, dataDir: sandboxDir, aiLatencyMs: 200 });
    },
    stop: async () => {
      await host.close();
      await core.close();
      if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Complete first run the quickest way: the built-in sandbox. */
export async function trySandbox(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try the sandbox' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium was not found at ${chromiumPath}. Install Debian's "chromium" or set ATELIER_CHROMIUM.`);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The usual start of a spec: the app on a fresh data folder, a fresh Chromium on it, first run
 * done with the sandbox. Page errors go into `pageErrors` when given; `beforeOpen` runs on the
 * page before it loads the app (media emulation, say).
 */
export async function openSignedIn(
  opts: { sync?: CoreDeps['sync']; pageErrors?: string[]; beforeOpen?: (page: Page) => Promise<void> } = {},
): Promise<{ app: RunningApp; browser: Browser }> {
  const app = await startApp(undefined, opts.sync ? { sync: opts.sync } : {});
  const browser = await openBrowser();
  const errors = opts.pageErrors;
  if (errors) browser.page.on('pageerror', (e) => errors.push(e.message));
  await opts.beforeOpen?.(browser.page);
  await browser.page.goto(app.host.url);
  await trySandbox(browser.page);
  return { app, browser };
}

/** Opens one of the Planner's tabs (the Planner section must be on screen). */
export async function openPlannerTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`planner-tab-${tab}`).click();
}

/** The calendar's week view, paged forward until the given day is on screen. */
export async function showWeekOf(page: Page, day: string): Promise<void> {
  await openPlannerTab(page, 'calendar');
  await page.getByTestId('calendar-view-week').click();
  await page.getByTestId('calendar-today').click();
  for (let i = 0; i < 3 && (await page.getByTestId(`calendar-day-${day}`).count()) === 0; i++) {
    await page.getByTestId('calendar-next').click();
  }
  await page.getByTestId(`calendar-day-${day}`).waitFor();
}
