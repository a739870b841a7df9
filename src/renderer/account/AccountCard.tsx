import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { ErrorNote } from './Field';
import { SignInForm } from './SignInForm';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'not stated by the platform';
}

/** Who is signed in, until when, and the way to sign in or out. */
export function AccountCard() {
  const session = useChannel('session.get', {});
  const signOut = useAction('session.signOut', ['session.get', 'connection.get']);
  const check = useAction('session.check');
  const s = session.data;
  if (!s) return null;
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      {s.state === 'active' && s.mode === 'token' && (
        <>
          <dl className="facts" data-testid="account">
            <dt>Signed in as</dt>
            <dd>{s.userLabel}</dd>
            <dt>Access valid until</dt>
            <dd>{when(s.expiresAt)} (renewed automatically)</dd>
          </dl>
          <div className="row">
            <button type="button" onClick={() => check.mutate({})} disabled={check.isPending}>
              {check.isPending ? 'Checking…' : 'Check connection'}
            </button>
            <button type="button" onClick={() => signOut.mutate({})} disabled={signOut.isPending}>
              Sign out
            </button>
          </div>
          {check.data && (
            <p role="status" data-testid="check-result">
              Connected to {check.data.baseUrl} · answered in {Math.round(check.data.latencyMs)} ms
            </p>
          )}
          <ErrorNote error={check.error} />
        </>
      )}
      {s.mode === 'apiKey' && <p>Requests use your API key (see below).</p>}
      {(s.state === 'signed_out' || s.state === 'needs_sign_in') && (
        <>
          {s.state === 'needs_sign_in' && (
            <p className="warning" role="alert">
              The platform ended your session{s.message ? `: “${s.message}”` : '.'} Sign in again; nothing you queued
              was lost.
            </p>
          )}
          <SignInForm />
        </>
      )}
    </section>
  );
}
