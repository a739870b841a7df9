import { useState, type FormEvent } from 'react';
import type { ProfileSummary } from '../../shared/profile';
import { useChannel } from '../backend/context';
import { fieldError, useAction } from '../backend/use-action';
import { ErrorNote, Field } from './Field';

const AFTER_CHANGE = ['connection.get', 'session.get', 'profile.list'] as const;

/** Whether choosing the profile needs the user to say where the platform is. */
export function needsAddress(p: ProfileSummary): boolean {
  return !p.embeddedSandbox && !p.baseUrl;
}

/**
 * "Use" for any profile: built-in, imported or edited. One with no address of its own asks for
 * it, with the client ID and secret (kept when left empty and already saved).
 */
export function ProfileUse({ profile }: { profile: ProfileSummary }) {
  const conn = useChannel('connection.get', {});
  const select = useAction('profile.select', [...AFTER_CHANGE]);
  const [open, setOpen] = useState(false);
  const [baseUrl, setBaseUrl] = useState(profile.lastAddress ?? 'https://');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const saved = conn.data?.clientIdSet === true && conn.data.clientSecretSet;
  if (!needsAddress(profile)) {
    return (
      <>
        <button type="button" className="link" onClick={() => select.mutate({ id: profile.id })} disabled={select.isPending} aria-label={`Use ${profile.name}`}>
          Use
        </button>
        <ErrorNote error={select.error} />
      </>
    );
  }
  if (!open) {
    return (
      <button type="button" className="link" onClick={() => setOpen(true)} aria-label={`Use ${profile.name}`}>
        Use…
      </button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const credentials = clientId || clientSecret || !saved ? { clientId, clientSecret } : {};
    select.mutate({ id: profile.id, baseUrl, ...credentials }, { onSuccess: () => setOpen(false) });
  };
  const validation = select.error?.error.code === 'validation' ? select.error : null;
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={`Use ${profile.name}`}>
      <Field label="Platform address" name="baseUrl" type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} error={fieldError(validation, 'baseUrl')} />
      <Field
        label="Client ID"
        name="clientId"
        autoComplete="off"
        value={clientId}
        onChange={(e) => setClientId(e.target.value)}
        error={fieldError(validation, 'clientId')}
        {...(saved ? { hint: 'Leave both empty to keep the saved client ID and secret.' } : {})}
      />
      <Field
        label="Client secret"
        name="clientSecret"
        type="password"
        autoComplete="off"
        value={clientSecret}
        onChange={(e) => setClientSecret(e.target.value)}
        error={fieldError(validation, 'clientSecret')}
      />
      {select.error && !validation && <ErrorNote error={select.error} />}
      {validation && !validation.error.issues?.length && <ErrorNote error={validation} />}
      <div className="row">
        <button type="submit" className="primary" disabled={select.isPending}>
          {select.isPending ? 'Saving…' : `Use ${profile.name}`}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
