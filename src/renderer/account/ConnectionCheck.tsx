import { useState, type FormEvent } from 'react';
import { useChannel } from '../backend/context';
import { fieldError, useAction } from '../backend/use-action';
import { checkInput } from './check-format';
import { CheckReport } from './CheckReport';
import { ErrorNote, Field } from './Field';

/**
 * Settings → Connection: run every element of the profile against the platform. The login is
 * asked for only on demand (signed out, it is what lets the rest run); real jobs only when ticked.
 */
export function ConnectionCheck() {
  const session = useChannel('session.get', {});
  const check = useAction('connection.check', ['session.get', 'connection.get']);
  const [withLogin, setWithLogin] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [runJobs, setRunJobs] = useState(false);
  const signedOut = session.data !== undefined && !session.data.signedIn;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    check.mutate(checkInput(runJobs, withLogin ? { username, password } : null), { onSuccess: () => setPassword('') });
  };
  const validation = check.error?.error.code === 'validation' ? check.error : null;
  return (
    <div>
      <form className="form" noValidate onSubmit={submit} aria-label="Connection check">
        {withLogin ? (
          <>
            <Field label="Login" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} error={fieldError(validation, 'login.username')} />
            <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={fieldError(validation, 'login.password')} />
          </>
        ) : (
          <p className={signedOut ? 'warning' : 'muted'}>
            {signedOut ? 'You are signed out: include your login, or every line that needs a credential is skipped.' : 'Sign-in itself is checked only with your login.'}{' '}
            <button type="button" className="link" onClick={() => setWithLogin(true)}>
              Include sign-in…
            </button>
          </p>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={runJobs} onChange={(e) => setRunJobs(e.target.checked)} />
          Run one small job per AI operation (may be billed)
        </label>
        {runJobs ? (
          <p className="warning">Each AI operation runs once for real with a tiny input: the platform may bill these jobs.</p>
        ) : (
          <p className="field-hint">The check sends each AI operation a request every platform refuses; nothing is generated unless you tick this.</p>
        )}
        {check.error && !validation && <ErrorNote error={check.error} />}
        <div className="row">
          <button type="submit" disabled={check.isPending}>
            {check.isPending ? 'Checking every element of the profile…' : 'Run connection check'}
          </button>
        </div>
      </form>
      {check.data && <CheckReport key={check.submittedAt} result={check.data} />}
    </div>
  );
}
