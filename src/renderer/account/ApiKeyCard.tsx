import { useState } from 'react';
import { z } from 'zod';
import { ApiKeyInput } from '../../shared/session';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { useZodForm } from '../forms/use-zod-form';
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
  const remove = useAction('apiKey.remove', ['session.get', 'connection.get']);
  const [editing, setEditing] = useState(false);
  const current = session.data?.apiKey ?? null;
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
              {session.data.message ?? 'Your API key no longer works.'} Generate a new key in your account’s API Key
              section and paste it here.
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
      {(!current || editing) && <ApiKeyForm editing={editing} onDone={() => setEditing(false)} />}
    </section>
  );
}

interface KeyValues {
  key: string;
  /** The day as the date input holds it; the key works until that day's end, local time. */
  expiresAt: string;
}
const keyInput = (v: KeyValues) => ({
  key: v.key,
  expiresAt: v.expiresAt ? new Date(`${v.expiresAt}T23:59:59`).toISOString() : '',
});
const keySchema = z.custom<KeyValues>().transform(keyInput).pipe(ApiKeyInput);

/** Paste a key with the day it expires (adding one, or replacing the saved one). */
function ApiKeyForm({ editing, onDone }: { editing: boolean; onDone(): void }) {
  const save = useAction('apiKey.set', ['session.get', 'connection.get']);
  const { form, onSubmit, errorOf, failure, busy } = useZodForm({
    schema: keySchema,
    defaultValues: { key: '', expiresAt: '' },
    send: async (v) => {
      await save.mutateAsync(keyInput(v));
      form.setValue('key', '');
      onDone();
    },
  });
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label={editing ? 'Replace API key' : 'Add API key'}>
      {editing && (
        <p className="muted">
          The new key counts as the same account’s: your library and queued changes carry over. For another account’s
          key, remove this key first.
        </p>
      )}
      <Field label="API key" type="password" autoComplete="off" {...form.register('key')} error={errorOf('key')} />
      <Field label="Expires on" type="date" {...form.register('expiresAt')} error={errorOf('expiresAt')} />
      <ErrorNote error={failure && { error: failure }} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          Save key
        </button>
        {editing && (
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
