// Connecting to a platform that reads the document its own way, as a new user would: import the
// profile that fits it (it has no address), choose it and give the address and client
// credentials, read the platform's own words on a wrong password, sign in, and see every line of
// the connection check pass.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { openBrowser, startApp, trySandbox, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let camel: Sandbox;

beforeAll(async () => {
  camel = await startSandbox({ port: 0, rateLimit: false, dialect: 'camel', accessTokenTtlMs: 60_000 });
  app = await startApp(undefined, { sync: { autoStart: false } });
  browser = await openBrowser();
  await browser.page.goto(app.host.url);
  await trySandbox(browser.page);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await camel?.stop();
});

describe('browser mode: any reading of the platform', () => {
  it('imports an address-less profile, chooses it with address and client credentials, passes the check', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByText('Profiles', { exact: true }).click();
    const json = fs.readFileSync(path.resolve(__dirname, '../../src/sandbox/dialects/profiles/camel.json'), 'utf8');
    await page.getByLabel('Profile JSON').fill(json);
    await page.getByRole('button', { name: 'Import profile' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('Imported “Sandbox (camel dialect)”')]));

    await page.getByRole('button', { name: 'Use Sandbox (camel dialect)' }).click();
    const form = page.getByRole('form', { name: 'Use Sandbox (camel dialect)' });
    await form.getByLabel('Platform address').fill(camel.url);
    await form.getByLabel('Client ID').fill(camel.demo.clientId);
    await form.getByLabel('Client secret').fill(camel.demo.clientSecret);
    await form.getByRole('button', { name: 'Use Sandbox (camel dialect)' }).click();
    await expect.poll(() => page.getByTestId('connection').textContent()).toContain(camel.url);

    // Another platform: signed out first. A wrong password shows the platform's own words.
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.waitFor();
    await signIn.getByLabel('Login').fill(camel.demo.username);
    await signIn.getByLabel('Password').fill('wrong password');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('login or secret is wrong')]));
    await signIn.getByLabel('Password').fill(camel.demo.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('account').textContent()).toContain(camel.demo.username);

    camel.resetStats();
    await page.getByRole('button', { name: 'Run connection check' }).click();
    const report = page.getByTestId('connection-check');
    await report.waitFor({ timeout: 20_000 });
    const outcomes = await report
      .locator('[data-outcome]')
      .evaluateAll((lines) => lines.map((l) => `${l.getAttribute('data-testid')}=${l.getAttribute('data-outcome')}`));
    expect(
      outcomes.filter((o) => !o.endsWith('=pass') && !o.startsWith('check-login=') && !o.startsWith('check-apiKey=')),
    ).toEqual([]);
    expect(outcomes.filter((o) => o.endsWith('=pass')).length).toBeGreaterThanOrEqual(2 + 7 + 8);
    expect(camel.stats.aiGenerations).toBe(0);
    expect(await page.content()).not.toContain(camel.demo.clientSecret);
  });
});
