import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../shared/contract';
import type { ProfileSummary } from '../../shared/profile';
import type { ConnectionView, SessionView } from '../../shared/session';
import { appError, settings } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { SettingsSection } from './SettingsSection';

const sandbox: ProfileSummary = {
  id: 'sandbox',
  name: 'Sandbox',
  builtin: true,
  embeddedSandbox: true,
  baseUrl: null,
  lastAddress: null,
  groups: {
    assets: 'specified',
    automations: 'specified',
    contentPlans: 'specified',
    creatives: 'specified',
    mediaQueue: 'unspecified',
    mediaTemplates: 'specified',
    posts: 'specified',
  },
  revision: 'r1',
};
const connection: ConnectionView = {
  firstRunDone: true,
  profile: sandbox,
  baseUrl: 'http://127.0.0.1:4010',
  clientIdSet: true,
  clientSecretSet: true,
  ready: true,
  reachable: 'online',
};
const signedIn: SessionView = {
  mode: 'token',
  state: 'active',
  signedIn: true,
  userLabel: 'demo@atelier.local',
  accountId: 'acct-1',
  expiresAt: null,
  message: null,
  apiKey: null,
};
const signedOut: SessionView = {
  ...signedIn,
  mode: 'none',
  state: 'signed_out',
  signedIn: false,
  userLabel: null,
  accountId: null,
};
const info: AppInfo = {
  name: 'Atelier',
  version: '0.1.0',
  host: 'electron',
  platform: 'linux',
  dataDir: '/home/me/.config/Atelier',
  database: { path: '/home/me/.config/Atelier/atelier.db', schemaVersion: 12, journalMode: 'wal' },
  versions: { electron: '45.4.1', node: '22.23.3' },
};

/** Settings with every card's reads answered: signed in to the sandbox, keychain protection, no update. */
function settingsScreen(session: SessionView = signedIn) {
  return fakeBackend()
    .answer('settings.get', settings())
    .answer('session.get', session)
    .answer('connection.get', connection)
    .answer('profile.list', [sandbox])
    .answer('secrets.status', { protection: 'os', persistent: true, backend: 'libsecret' })
    .answer('updates.status', { state: 'up-to-date', lastCheckedAt: null })
    .answer('app.info', info)
    .answer('backups.list', {
      backups: [],
      folder: '/home/me/.config/Atelier/backups',
      retention: { daily: 7, weekly: 4 },
      running: false,
    });
}

const card = (name: string) => screen.findByRole('region', { name });
const updateStatus = async () => within(await card('Updates')).getByRole('status');

describe('settings: states', () => {
  it('says it is loading, then shows every card', async () => {
    const fake = settingsScreen();
    const hold = fake.hold('settings.get');
    renderWithBackend(<SettingsSection />, fake);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await waitFor(() => expect(hold.waiting).toBe(1));
    hold.answer(settings());
    for (const name of [
      'Account',
      'Connection',
      'API key',
      'Keeping your sign-in safe',
      'Updates',
      'Backups',
      'Diagnostics',
      'About this installation',
    ]) {
      expect(await card(name), name).toBeTruthy();
    }
    expect(within(await card('About this installation')).getByText('/home/me/.config/Atelier')).toBeTruthy();
  });

  it('shows the core’s message when the settings cannot be read', async () => {
    renderWithBackend(
      <SettingsSection />,
      settingsScreen().fail('settings.get', appError({ message: 'The settings file could not be read.' })),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The settings file could not be read.');
  });
});

describe('settings: appearance', () => {
  it('stores the chosen theme, and the arrow keys move through the choices', async () => {
    const fake = settingsScreen().answer('settings.update', (patch) => settings(patch));
    const { user } = renderWithBackend(<SettingsSection />, fake);
    const themes = within(await screen.findByRole('radiogroup', { name: 'Theme' }));
    await user.click(themes.getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(fake.calls('settings.update')).toEqual([{ theme: 'light' }]));
    await user.keyboard('{ArrowDown}');
    expect((themes.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(fake.calls('settings.update').at(-1)).toEqual({ theme: 'dark' }));
  });

  it('puts the stored theme back and says why when the core refuses the change', async () => {
    const fake = settingsScreen();
    const { user } = renderWithBackend(<SettingsSection />, fake);
    const themes = within(await screen.findByRole('radiogroup', { name: 'Theme' }));
    const hold = fake.hold('settings.update');
    await user.click(themes.getByRole('radio', { name: 'Dark' }));
    expect((themes.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    hold.fail(appError({ message: 'The settings could not be saved: the disk is full.' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The settings could not be saved: the disk is full.');
    await waitFor(() =>
      expect((themes.getByRole('radio', { name: 'Follow the system' }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('asks consent before keeping tokens with weak protection', async () => {
    const fake = settingsScreen()
      .answer('secrets.status', { protection: 'weak', persistent: false, backend: 'basic_text' })
      .answer('settings.update', (patch) => settings(patch));
    const { user } = renderWithBackend(<SettingsSection />, fake);
    const secrets = await card('Keeping your sign-in safe');
    expect(
      await within(secrets).findByText(/Until you allow it, you will sign in again each time Atelier starts\./),
    ).toBeTruthy();
    await user.click(
      within(secrets).getByRole('checkbox', { name: 'Keep me signed in on this machine with weak protection' }),
    );
    await waitFor(() => expect(fake.calls('settings.update')).toEqual([{ allowWeakSecretStorage: true }]));
  });
});

describe('settings: updates', () => {
  it('offers to download a version that is available', async () => {
    const fake = settingsScreen()
      .answer('updates.status', { state: 'available', version: '0.2.0', lastCheckedAt: null })
      .answer('updates.download', { state: 'downloading', version: '0.2.0', percent: 5, lastCheckedAt: null });
    const { user } = renderWithBackend(<SettingsSection />, fake);
    await waitFor(async () => expect((await updateStatus()).textContent).toBe('Version 0.2.0 is available.'));
    await user.click(screen.getByRole('button', { name: 'Download version 0.2.0' }));
    await waitFor(() => expect(fake.calls('updates.download')).toEqual([{}]));
  });

  it('follows the core’s updates.changed events and says a failure in words', async () => {
    const { emit } = renderWithBackend(<SettingsSection />, settingsScreen());
    await waitFor(async () => expect((await updateStatus()).textContent).toBe('Atelier is up to date.'));
    await emit('updates.changed', { state: 'downloading', version: '0.2.0', percent: 40, lastCheckedAt: null });
    expect((await updateStatus()).textContent).toBe('Downloading version 0.2.0… 40%');
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toBeTruthy();
    await emit('updates.changed', { state: 'error', message: 'The download was damaged.', lastCheckedAt: null });
    expect((await updateStatus()).textContent).toBe(
      'The update failed: The download was damaged. This version keeps working; Atelier tries again tomorrow.',
    );
  });

  it('shows the core’s message and hint when a check is refused', async () => {
    const fake = settingsScreen().fail(
      'updates.check',
      appError({
        code: 'offline',
        message: 'The update server cannot be reached.',
        hint: 'Check the connection and try again.',
      }),
    );
    const { user } = renderWithBackend(<SettingsSection />, fake);
    await user.click(await screen.findByRole('button', { name: 'Check for updates' }));
    expect((await within(await card('Updates')).findByRole('alert')).textContent).toBe(
      'The update server cannot be reached. Check the connection and try again.',
    );
  });

  it('turns automatic downloads off and says what happens instead', async () => {
    const fake = settingsScreen().answer('settings.update', (patch) => settings(patch));
    const { user } = renderWithBackend(<SettingsSection />, fake);
    await user.click(await screen.findByRole('checkbox', { name: 'Download updates automatically' }));
    expect(screen.getByText('Atelier tells you about a new version and waits for you to download it.')).toBeTruthy();
    await waitFor(() => expect(fake.calls('settings.update')).toEqual([{ autoDownloadUpdates: false }]));
  });
});

describe('settings: account', () => {
  it('says who is signed in, checks the connection and signs out', async () => {
    const fake = settingsScreen()
      .answer('session.check', {
        latencyMs: 41.6,
        checkedAt: '2026-03-02T10:00:00.000Z',
        baseUrl: 'http://127.0.0.1:4010',
      })
      .answer('session.signOut', signedOut);
    const { user } = renderWithBackend(<SettingsSection />, fake);
    const account = await card('Account');
    expect(within(account).getByText('demo@atelier.local')).toBeTruthy();
    await user.click(within(account).getByRole('button', { name: 'Check connection' }));
    expect((await within(account).findByRole('status')).textContent).toBe(
      'Connected to http://127.0.0.1:4010 · answered in 42 ms',
    );
    await user.click(within(account).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(fake.calls('session.signOut')).toEqual([{}]));
  });

  it('shows the core’s word beside the field it refused when signing in', async () => {
    const refusal = appError({
      code: 'validation',
      message: 'The request was not valid.',
      hint: undefined,
      issues: [{ path: 'password', message: 'Enter your password' }],
    });
    const fake = settingsScreen(signedOut).fail('session.signIn', refusal);
    const { user } = renderWithBackend(<SettingsSection />, fake);
    const form = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(form.getByLabelText('Login'), 'demo');
    await user.keyboard('{Enter}');
    expect((await form.findByRole('alert')).textContent).toBe('Enter your password');
    expect(form.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('says the platform ended the session, in its words', async () => {
    renderWithBackend(
      <SettingsSection />,
      settingsScreen({ ...signedOut, state: 'needs_sign_in', message: 'Session revoked by an administrator' }),
    );
    const account = await card('Account');
    expect(within(account).getByRole('alert').textContent).toBe(
      'The platform ended your session: “Session revoked by an administrator” ' +
        'Sign in again; nothing you queued was lost.',
    );
  });
});

describe('settings: backups and diagnostics', () => {
  it('says there is no backup yet, and shows the core’s message when one cannot be taken', async () => {
    const fake = settingsScreen().fail(
      'backups.create',
      appError({ message: 'The disk is full; nothing was changed.', hint: 'Free some disk space and try again.' }),
    );
    const { user } = renderWithBackend(<SettingsSection />, fake);
    const backups = await card('Backups');
    expect(await within(backups).findByText('No backup yet.')).toBeTruthy();
    await user.click(within(backups).getByRole('button', { name: 'Back up now' }));
    expect((await within(backups).findByRole('alert')).textContent).toBe(
      'The disk is full; nothing was changed. Free some disk space and try again.',
    );
  });

  it('exports diagnostics and says where the file went, or that nothing was written', async () => {
    const fake = settingsScreen()
      .answerOnce('app.exportDiagnostics', { file: '/home/me/atelier-diagnostics.zip' })
      .answer('app.exportDiagnostics', { file: '' });
    const { user } = renderWithBackend(<SettingsSection />, fake);
    const diagnostics = await card('Diagnostics');
    await user.click(within(diagnostics).getByRole('button', { name: 'Export diagnostics…' }));
    expect((await within(diagnostics).findByText('/home/me/atelier-diagnostics.zip')).parentElement?.textContent).toBe(
      'Saved /home/me/atelier-diagnostics.zip',
    );
    await user.click(within(diagnostics).getByRole('button', { name: 'Export diagnostics…' }));
    expect(await within(diagnostics).findByText('Cancelled: nothing was written.')).toBeTruthy();
  });

  it('in browser mode asks for the folder first, since there is no folder dialog', async () => {
    const fake = settingsScreen()
      .answer('app.info', { ...info, host: 'web' })
      .answer('app.exportDiagnostics', ({ folder }) => ({ file: `${folder}/diagnostics.zip` }));
    const { user } = renderWithBackend(<SettingsSection />, fake);
    const diagnostics = within(await card('Diagnostics'));
    const folder = await diagnostics.findByLabelText('Folder on the computer running Atelier');
    const button = diagnostics.getByRole('button', { name: 'Export diagnostics…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(folder, '/home/me/Desktop');
    await user.click(button);
    await waitFor(() => expect(fake.calls('app.exportDiagnostics')).toEqual([{ folder: '/home/me/Desktop' }]));
  });
});
