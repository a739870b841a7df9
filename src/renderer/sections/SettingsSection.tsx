import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../shared/settings';
import { AccountCard } from '../account/AccountCard';
import { ApiKeyCard } from '../account/ApiKeyCard';
import { ConnectionCard } from '../account/ConnectionCard';
import { type BackendError, call } from '../backend/call';
import { useBackend, useChannel } from '../backend/context';

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
      {update.isError && <p role="alert" className="error">{update.error.message}</p>}
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
      {protection === 'os' && <p data-testid="secrets-protection">Tokens and keys are encrypted with your system's keychain.</p>}
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

function About() {
  const info = useChannel('app.info', {});
  if (info.isError) return <p role="alert" className="error">{(info.error as BackendError).message}</p>;
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
  if (settings.isError) return <p role="alert" className="error">{settings.error.message}</p>;
  if (!settings.data) return <p>Loading…</p>;
  return (
    <div className="stack">
      <AccountCard />
      <ConnectionCard />
      <ApiKeyCard />
      <Appearance settings={settings.data} />
      <SecretStorage settings={settings.data} />
      <About />
    </div>
  );
}
