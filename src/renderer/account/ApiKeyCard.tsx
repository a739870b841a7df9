import { useState, type FormEvent } from 'react';
import { useChannel } from '../backend/context';
import { fieldError, useAction } from '../backend/use-action';
import { ErrorNote, Field } from './Field';

function countdown(ms: number): string {
  if (ms <= 0) return 'expired';
  const days = Math.floor(ms / 86_400_000);
  const hours = Math.floor((ms % 86_400_000) / 3_600_000);
  return days > 0 ? `${days} d ${hours} h left` : `${hours} h ${Math.floor((ms % 3_600_000) / 60_000)} min left`;
}

/** API keys: paste a key with its expiry; it is masked once saved, with a countdown and a replace action. */
export function ApiKeyCard() {
  const session = useChannel('session.get', {});
  const save = useAction('apiKey.set', ['session.get', 'connection.get']);
  const remove = useAction('apiKey.remove', ['session.get', 'connection.get']);
  const [editing, setEditing] = useState(false);
  const [key, setKey] = useState('');
  const [date, setDate] = useState('');
  const current = session.data?.apiKey ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const expiresAt = date ? new Date(`${date}T23:59:59`).toISOString() : '';
    save.mutate(
      { key, expiresAt },
      {
        onSuccess: () => {
          setEditing(false);
          setKey('');
        },
      },
    );
  };
  const validation = save.error?.error.code === 'validation' ? save.error : null;
  return (
    <section className="card" aria-labelledby="apikey-title">
      <h2 id="apikey-title">API key</h2>
      <p className="muted">Instead of signing in, you can use a key generated in your account’s API Key section.</p>
      {current && !editing && (
        <>
          <dl className="facts" data-testid="api-key">
            <dt>Key</dt>
            <dd className="mono">{current.masked}</dd>
            <dt>Expires</dt>
            <dd>
              {new Date(current.expiresAt).toLocaleDateString()} · {countdown(current.msLeft)}
            </dd>
          </dl>
          {session.data?.state === 'api_key_expired' || session.data?.state === 'api_key_denied' ? (
            <p className="warning" role="alert">
              {session.data.message ?? 'Your API key no longer works.'} Generate a new key in your account’s API Key section and paste it here.
            </p>
          ) : current.warning !== 'none' ? (
            <p className="warning">This key expires soon. Generate a new one in your account’s API Key section.</p>
          ) : null}
          <div className="row">
            <button type="button" onClick={() => setEditing(true)}>
              Replace key
            </button>
            <button type="button" onClick={() => remove.mutate({})}>
              Remove key
            </button>
          </div>
        </>
      )}
      {(!current || editing) && (
        <form className="form" noValidate onSubmit={submit} aria-label={editing ? 'Replace API key' : 'Add API key'}>
          {editing && <p className="muted">The new key counts as the same account’s: your library and queued changes carry over. For another account’s key, remove this key first.</p>}
          <Field label="API key" name="apiKey" type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} error={fieldError(validation, 'key')} />
          <Field label="Expires on" name="expiresAt" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={fieldError(validation, 'expiresAt')} />
          <ErrorNote error={save.error && !validation ? save.error : null} />
          <div className="row">
            <button type="submit" className="primary" disabled={save.isPending}>
              Save key
            </button>
            {editing && (
              <button type="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
