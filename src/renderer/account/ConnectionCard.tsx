import { useState, type FormEvent } from 'react';
import { call } from '../backend/call';
import { useBackend, useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { ConnectForm } from './ConnectForm';
import { ConnectionCheck } from './ConnectionCheck';
import { ErrorNote, Field } from './Field';
import { OpenApiImport } from './OpenApiImport';
import { ProfileUse } from './ProfileUse';

function ClientCredentials() {
  const conn = useChannel('connection.get', {});
  const save = useAction('connection.setClientCredentials', ['connection.get']);
  const [editing, setEditing] = useState(false);
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  if (!conn.data) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ clientId, clientSecret }, { onSuccess: () => setEditing(false) });
  };
  if (!editing) {
    return (
      <div className="row">
        <span>
          Client ID and secret:{' '}
          {conn.data.clientIdSet && conn.data.clientSecretSet ? (
            <span className="mono">saved ••••••••</span>
          ) : (
            'not set'
          )}
        </span>
        <button type="button" onClick={() => setEditing(true)}>
          {conn.data.clientSecretSet ? 'Replace' : 'Enter'}
        </button>
      </div>
    );
  }
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Client credentials">
      <Field label="Client ID" value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />
      <Field
        label="Client secret"
        type="password"
        value={clientSecret}
        onChange={(e) => setClientSecret(e.target.value)}
        autoComplete="off"
      />
      <ErrorNote error={save.error} />
      <div className="row">
        <button type="submit" className="primary">
          Save
        </button>
        <button type="button" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ProfileImport({ json, setJson }: { json: string; setJson: (v: string) => void }) {
  const importProfile = useAction('profile.import', ['profile.list', 'connection.get']);
  return (
    <form
      className="form"
      aria-label="Import a profile"
      onSubmit={(e) => {
        e.preventDefault();
        importProfile.mutate({ json });
      }}
    >
      <label htmlFor="profile-json">Profile JSON</label>
      <textarea id="profile-json" rows={6} className="mono" value={json} onChange={(e) => setJson(e.target.value)} />
      <ErrorNote error={importProfile.error} />
      {importProfile.data && (
        <p role="status">Imported “{importProfile.data.name}”. Choose Use beside it above to use it.</p>
      )}
      <button type="submit">Import profile</button>
    </form>
  );
}

/** Which platform Atelier talks to, with what is known of it. */
export function ConnectionCard() {
  const conn = useChannel('connection.get', {});
  const profiles = useChannel('profile.list', {});
  const useSandbox = useAction('connection.useSandbox', ['connection.get', 'session.get']);
  const [connecting, setConnecting] = useState(false);
  const [json, setJson] = useState('');
  const api = useBackend();
  const edit = async (id: string) => {
    const exported = await call(api, 'profile.export', { id });
    // A copy of a built-in profile needs its own id before it can be imported.
    const parsed = JSON.parse(exported.json) as { id: string; name: string };
    const builtin = profiles.data?.find((p) => p.id === id)?.builtin;
    setJson(
      JSON.stringify(
        builtin ? { ...parsed, id: `${parsed.id}-custom`, name: `${parsed.name} (custom)` } : parsed,
        null,
        2,
      ),
    );
  };
  const c = conn.data;
  if (!c) return null;
  const unspecified = Object.entries(c.profile.groups).filter(([, v]) => v === 'unspecified').length;
  return (
    <section className="card" aria-labelledby="connection-title">
      <h2 id="connection-title">Connection</h2>
      <dl className="facts" data-testid="connection">
        <dt>Platform</dt>
        <dd>{c.profile.name}</dd>
        <dt>Address</dt>
        <dd className="mono">{c.baseUrl ?? (c.profile.embeddedSandbox ? 'started on first use' : 'not set')}</dd>
        <dt>Resource groups</dt>
        <dd>{unspecified === 0 ? 'all specified' : `${unspecified} of 7 waiting for the platform's specification`}</dd>
      </dl>
      <ClientCredentials />
      <div className="row">
        {c.profile.id !== 'sandbox' && (
          <button type="button" onClick={() => useSandbox.mutate({})} disabled={useSandbox.isPending}>
            Use the sandbox
          </button>
        )}
        <button type="button" onClick={() => setConnecting((v) => !v)}>
          Connect my account…
        </button>
      </div>
      <ErrorNote error={useSandbox.error} />
      {connecting && <ConnectForm onDone={() => setConnecting(false)} />}
      <ConnectionCheck />
      <details>
        <summary>Profiles</summary>
        <ul className="plain">
          {profiles.data?.map((p) => (
            <li key={p.id}>
              {p.name} {p.builtin ? '(built in)' : '(imported)'}{' '}
              <button type="button" className="link" onClick={() => void edit(p.id)}>
                Edit as JSON
              </button>
              {p.id === c.profile.id ? <span className="muted">(in use)</span> : <ProfileUse profile={p} />}
            </li>
          ))}
        </ul>
        <ProfileImport json={json} setJson={setJson} />
        <OpenApiImport />
      </details>
    </section>
  );
}
