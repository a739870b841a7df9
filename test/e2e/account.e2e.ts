import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startApp, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // Sync would add its own requests to the counts this file checks.
  app = await startApp(undefined, { sync: { autoStart: false } });
  browser = await openBrowser();
  await browser.page.goto(app.host.url);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('browser mode: accounts', () => {
  it('first run offers the sandbox or my account, and checks the account form field by field', async () => {
    const { page } = browser;
    await page.getByRole('heading', { name: 'Welcome to Atelier' }).waitFor();
    await page.getByRole('button', { name: 'Connect my account' }).click();
    await page.getByLabel('Platform address').fill('not a url');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toEqual(
        expect.arrayContaining([
          'Enter the platform address, starting with https://',
          'Enter the client ID',
          'Enter the client secret',
        ]),
      );
    await page.getByRole('button', { name: 'Back' }).click();
  });

  it('signs in to the sandbox and shows the account, never a token', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    await expect
      .poll(() => page.getByTestId('connection-state').textContent())
      .toContain('signed in as demo@atelier.local');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByTestId('account').textContent()).toContain('demo@atelier.local');
    expect(await page.getByTestId('connection').textContent()).toContain(app.sandbox().url);
    const html = await page.content();
    expect(html).not.toMatch(/sbx_(at|rt)_/);
  });

  it('keeps working without the user noticing when the access token expires', async () => {
    const { page } = browser;
    const sandbox = app.sandbox();
    sandbox.resetStats();
    sandbox.expireAccessTokens();
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect.poll(() => page.getByTestId('check-result').textContent()).toContain('Connected to');
    expect(sandbox.stats.refreshCalls).toBe(1);
    expect(await page.getByTestId('session-banner').count()).toBe(0);
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect.poll(() => sandbox.stats.byRoute['GET /v2/assets'] ?? 0).toBe(3);
    expect(sandbox.stats.refreshCalls).toBe(1);
  });

  it('signs out, refuses a wrong password in the server’s words, and signs in again', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await expect.poll(() => page.getByTestId('connection-state').textContent()).toContain('not signed in');
    await page.getByLabel('Login').fill('demo@atelier.local');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('username or password is incorrect')]));
    await page.getByLabel('Password').fill(app.sandbox().demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('account').textContent()).toContain('demo@atelier.local');
  });

  it('shows one clear prompt when the platform ends the session, and nothing was lost', async () => {
    const { page } = browser;
    const sandbox = app.sandbox();
    sandbox.expireAccessTokens();
    sandbox.expireRefreshTokens();
    await page.getByRole('button', { name: 'Check connection' }).click();
    await page.getByTestId('session-banner').waitFor();
    expect(await page.getByTestId('session-banner').textContent()).toContain('Sign in again');
    expect(await page.getByTestId('session-banner').count()).toBe(1);
    await expect.poll(() => page.getByTestId('connection-state').textContent()).toContain('session ended');
  });
});
