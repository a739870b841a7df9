import { useState, type FormEvent } from 'react';
import type { ProfileSummary } from '../../shared/profile';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { ErrorNote } from './Field';
import { PlatformFields, type PlatformValues } from './PlatformFields';

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
  const [values, setValues] = useState<PlatformValues>({ baseUrl: profile.lastAddress ?? 'https://', clientId: '', clientSecret: '' });
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
    const { baseUrl, clientId, clientSecret } = values;
    const credentials = clientId || clientSecret || !saved ? { clientId, clientSecret } : {};
    select.mutate({ id: profile.id, baseUrl, ...credentials }, { onSuccess: () => setOpen(false) });
  };
  const validation = select.error?.error.code === 'validation' ? select.error : null;
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={`Use ${profile.name}`}>
      <PlatformFields values={values} onChange={setValues} validation={validation} idHint={saved ? 'Leave the client ID and secret empty to keep the saved ones.' : undefined} />
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
