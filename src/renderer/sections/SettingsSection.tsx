import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../shared/settings';
import type { UpdateStatus } from '../../shared/updates';
import { SubmitError } from '../ai/SubmitError';
import { AccountCard } from '../account/AccountCard';
import { ApiKeyCard } from '../account/ApiKeyCard';
import { ConnectionCard } from '../account/ConnectionCard';
import { type BackendError, call } from '../backend/call';
import { useBackend, useChannel, useEventSync } from '../backend/context';
import { useAction } from '../backend/use-action';
import { BackupsCard } from '../settings/BackupsCard';
import { FolderPathField } from '../app/FolderPathField';

const themes: { id: Settings['theme']; label: string }[] = [
  { id: 'system', label: 'Follow the system' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
];

function useUpdateSettings() {
  const api = useBackend();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Settings>) => call(api, 'settings.update', patch),
    // Show the choice at once; the core's answer (or the previous value on error) follows.
    onMutate: (patch) => {
      const previous = client.getQueryData<Settings>(['settings.get', {}]);
      if (previous) client.setQueryData(['settings.get', {}], { ...previous, ...patch });
      return { previous };
    },
    onError: (_e, _patch, context) => {
      if (context?.previous) client.setQueryData(['settings.get', {}], context.previous);
    },
    onSuccess: async (next) => {
      client.setQueryData(['settings.get', {}], next);
      await client.invalidateQueries({ queryKey: ['secrets.status'] });
    },
  });
}

/** A control's value shown at once on change, re-synced whenever the stored value changes. */
function useLocalValue<T>(stored: T): [T, (v: T) => void] {
  const [local, setLocal] = useState(stored);
  useEffect(() => setLocal(stored), [stored]);
  return [local, setLocal];
}

function Appearance({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const name = useId();
  const [theme, setTheme] = useLocalValue(settings.theme);
  return (
    <fieldset className="card">
      <legend>Appearance</legend>
      <div role="radiogroup" aria-label="Theme" className="radio-row">
        {themes.map((t) => (
          <label key={t.id} className="radio">
            <input
              type="radio"
              name={name}
              value={t.id}
              checked={theme === t.id}
              onChange={() => {
                setTheme(t.id);
                update.mutate({ theme: t.id });
              }}
            />
            {t.label}
          </label>
        ))}
      </div>
      {update.isError && (
        <p role="alert" className="error">
          {update.error.message}
        </p>
      )}
    </fieldset>
  );
}

function SecretStorage({ settings }: { settings: Settings }) {
  const status = useChannel('secrets.status', {});
  const update = useUpdateSettings();
  const [consent, setConsent] = useLocalValue(settings.allowWeakSecretStorage);
  if (!status.data) return null;
  const { protection, persistent } = status.data;
  return (
    <section className="card" aria-labelledby="secrets-title">
      <h2 id="secrets-title">Keeping your sign-in safe</h2>
      {protection === 'os' && (
        <p data-testid="secrets-protection">Tokens and keys are encrypted with your system's keychain.</p>
      )}
      {protection !== 'os' && (
        <>
          <p data-testid="secrets-protection">
            This system offers no keychain to Atelier, so tokens can only be kept with weak protection on disk.
            {persistent
              ? ' You allowed that: you stay signed in across restarts.'
              : ' Until you allow it, you will sign in again each time Atelier starts.'}
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => {
                setConsent(e.target.checked);
                update.mutate({ allowWeakSecretStorage: e.target.checked });
              }}
            />
            Keep me signed in on this machine with weak protection
          </label>
        </>
      )}
    </section>
  );
}

function checkedAt(status: UpdateStatus): string {
  if (status.state === 'disabled' || !status.lastCheckedAt) return '';
  return ` Last checked ${new Date(status.lastCheckedAt).toLocaleString()}.`;
}

/** The update's state in words. */
function describeUpdate(status: UpdateStatus): string {
  switch (status.state) {
    case 'disabled':
      return status.reason;
    case 'idle':
      return 'Atelier has not looked for a new version yet.';
    case 'checking':
      return 'Looking for a new version…';
    case 'available':
      return `Version ${status.version} is available.`;
    case 'downloading':
      return `Downloading version ${status.version}… ${status.percent}%`;
    case 'ready':
      return (
        `Version ${status.version} is downloaded and verified. ` +
        `It installs when you quit Atelier, or restart now.${status.message ? ` ${status.message}` : ''}`
      );
    case 'up-to-date':
      return `Atelier is up to date.${checkedAt(status)}`;
    case 'error':
      return (
        `The update failed: ${status.message} ` +
        `This version keeps working; Atelier tries again tomorrow.${checkedAt(status)}`
      );
  }
}

function Updates({ settings }: { settings: Settings }) {
  useEventSync('updates.changed', 'updates.status');
  const status = useChannel('updates.status', {});
  const info = useChannel('app.info', {});
  const update = useUpdateSettings();
  const [auto, setAuto] = useLocalValue(settings.autoDownloadUpdates);
  const check = useAction('updates.check', ['updates.status']);
  const download = useAction('updates.download', ['updates.status']);
  const install = useAction('updates.install', ['updates.status']);
  const s = status.data;
  const disabled = !s || s.state === 'disabled';
  const error = check.error ?? download.error ?? install.error;
  return (
    <section className="card" aria-labelledby="updates-title">
      <h2 id="updates-title">Updates</h2>
      {info.data && <p className="muted">You are running version {info.data.version}.</p>}
      <p role="status" data-testid="update-status" data-state={s?.state ?? 'loading'}>
        {s ? describeUpdate(s) : 'Loading…'}
      </p>
      {s?.state === 'downloading' && <progress max={100} value={s.percent} aria-label="Download progress" />}
      <label className="checkbox">
        <input
          type="checkbox"
          data-testid="settings-auto-update"
          checked={auto}
          onChange={(e) => {
            setAuto(e.target.checked);
            update.mutate({ autoDownloadUpdates: e.target.checked });
          }}
        />
        Download updates automatically
      </label>
      <p className="field-hint">
        {auto
          ? 'A new version downloads in the background and installs when you quit Atelier.'
          : 'Atelier tells you about a new version and waits for you to download it.'}
      </p>
      {!disabled && (
        <div className="row">
          <button
            type="button"
            data-testid="update-check"
            disabled={check.isPending || s.state === 'checking' || s.state === 'downloading'}
            onClick={() => check.mutate({})}
          >
            {s.state === 'checking' ? 'Checking…' : 'Check for updates'}
          </button>
          {s.state === 'available' && (
            <button
              type="button"
              data-testid="update-download"
              disabled={download.isPending}
              onClick={() => download.mutate({})}
            >
              Download version {s.version}
            </button>
          )}
          {s.state === 'ready' && (
            <button
              type="button"
              className="primary"
              data-testid="update-install"
              disabled={install.isPending}
              onClick={() => install.mutate({})}
            >
              {install.isPending ? 'Saving your work…' : 'Restart to update'}
            </button>
          )}
        </div>
      )}
      {update.isError && (
        <p role="alert" className="error">
          {update.error.message}
        </p>
      )}
      <SubmitError error={error?.error ?? null} fields={[]} />
    </section>
  );
}

/** "Export diagnostics…": a zip for support, with every token, key and password removed. */
function Diagnostics() {
  const id = useId();
  const info = useChannel('app.info', {});
  const web = info.data?.host === 'web';
  const [folder, setFolder] = useState('');
  const exporter = useAction('app.exportDiagnostics');
  const needsFolder = web && !folder.trim();
  const result = exporter.data;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Diagnostics</h2>
      <p className="muted">
        A zip of the recent logs, versions, settings and sync and queue counts to send to support. Tokens, keys,
        passwords and client secrets are removed from it.
      </p>
      {web && (
        <FolderPathField
          id={`${id}-folder`}
          testId="diagnostics-folder"
          placeholder="/home/me/Desktop"
          value={folder}
          onChange={setFolder}
        />
      )}
      <div className="row">
        <button
          type="button"
          data-testid="export-diagnostics"
          disabled={exporter.isPending || needsFolder}
          onClick={() => exporter.mutate(folder.trim() ? { folder: folder.trim() } : {})}
        >
          {exporter.isPending ? 'Exporting…' : 'Export diagnostics…'}
        </button>
        <span role="status">
          {result &&
            (result.file === '' ? (
              <span className="muted" data-testid="diagnostics-result">
                Cancelled: nothing was written.
              </span>
            ) : (
              <span className="lib-notice" data-testid="diagnostics-result">
                Saved <span className="mono">{result.file}</span>
              </span>
            ))}
        </span>
      </div>
      <SubmitError error={exporter.error?.error ?? null} fields={[]} />
    </section>
  );
}

function About() {
  const info = useChannel('app.info', {});
  if (info.isError)
    return (
      <p role="alert" className="error">
        {(info.error as BackendError).message}
      </p>
    );
  if (!info.data) return <p>Loading…</p>;
  const d = info.data;
  return (
    <section className="card" aria-labelledby="about-title">
      <h2 id="about-title">About this installation</h2>
      <dl className="facts" data-testid="about">
        <dt>Version</dt>
        <dd>{d.version}</dd>
        <dt>Running as</dt>
        <dd>{d.host === 'web' ? 'Browser mode' : d.host === 'electron' ? 'Desktop app' : 'Test host'}</dd>
        <dt>Data folder</dt>
        <dd className="mono">{d.dataDir}</dd>
        <dt>Database</dt>
        <dd className="mono">
          {d.database.path} (schema {d.database.schemaVersion}, {d.database.journalMode})
        </dd>
        <dt>Components</dt>
        <dd className="mono">
          {Object.entries(d.versions)
            .map(([k, v]) => `${k} ${v}`)
            .join(' · ')}
        </dd>
      </dl>
    </section>
  );
}

export function SettingsSection() {
  const settings = useChannel('settings.get', {});
  if (settings.isError)
    return (
      <p role="alert" className="error">
        {settings.error.message}
      </p>
    );
  if (!settings.data) return <p>Loading…</p>;
  return (
    <div className="stack">
      <AccountCard />
      <ConnectionCard />
      <ApiKeyCard />
      <Appearance settings={settings.data} />
      <SecretStorage settings={settings.data} />
      <Updates settings={settings.data} />
      <BackupsCard settings={settings.data} />
      <Diagnostics />
      <About />
    </div>
  );
}
