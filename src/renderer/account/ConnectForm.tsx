import { useState, type FormEvent } from 'react';
import { fieldError, useAction } from '../backend/use-action';
import { ErrorNote, Field } from './Field';

/** "Connect my account": the platform's address and this app's client credentials. */
export function ConnectForm({ onDone }: { onDone?: () => void }) {
  const connect = useAction('connection.connectAccount', ['connection.get', 'session.get', 'profile.list']);
  const [baseUrl, setBaseUrl] = useState('https://');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    connect.mutate({ baseUrl, clientId, clientSecret }, { onSuccess: () => onDone?.() });
  };
  const validation = connect.error?.error.code === 'validation' ? connect.error : null;
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Connect my account">
      <Field label="Platform address" name="baseUrl" type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} error={fieldError(validation, 'baseUrl')} />
      <Field label="Client ID" name="clientId" autoComplete="off" value={clientId} onChange={(e) => setClientId(e.target.value)} error={fieldError(validation, 'clientId')} />
      <Field
        label="Client secret"
        name="clientSecret"
        type="password"
        autoComplete="off"
        value={clientSecret}
        onChange={(e) => setClientSecret(e.target.value)}
        error={fieldError(validation, 'clientSecret')}
        hint="Stored encrypted on this machine and never shown again."
      />
      {connect.error && !validation && <ErrorNote error={connect.error} />}
      <button type="submit" className="primary" disabled={connect.isPending}>
        {connect.isPending ? 'Saving…' : 'Continue'}
      </button>
    </form>
  );
}
