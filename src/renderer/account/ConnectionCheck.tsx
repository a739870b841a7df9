import { z } from 'zod';
import { ConnectionCheckInput } from '../../shared/connection-check';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { useZodForm } from '../forms/use-zod-form';
import { checkInput } from './check-format';
import { CheckReport } from './CheckReport';
import { ErrorNote, Field } from './Field';

interface Values {
  withLogin: boolean;
  login: { username: string; password: string };
  runJobs: boolean;
}
const request = (v: Values): ConnectionCheckInput => checkInput(v.runJobs, v.withLogin ? v.login : null);
const schema = z.custom<Values>().transform(request).pipe(ConnectionCheckInput);

/**
 * Settings → Connection: run every element of the profile against the platform. The login is
 * asked for only on demand (signed out, it is what lets the rest run); real jobs only when ticked.
 */
export function ConnectionCheck() {
  const session = useChannel('session.get', {});
  const check = useAction('connection.check', ['session.get', 'connection.get']);
  const signedOut = session.data !== undefined && !session.data.signedIn;
  const { form, onSubmit, errorOf, failure, busy } = useZodForm({
    schema,
    defaultValues: { withLogin: false, login: { username: '', password: '' }, runJobs: false },
    fields: ['login.username', 'login.password', 'runJobs'],
    send: async (v) => {
      await check.mutateAsync(request(v));
      form.setValue('login.password', '');
    },
  });
  const { withLogin, runJobs } = form.watch();
  return (
    <div>
      <form className="form" noValidate onSubmit={onSubmit} aria-label="Connection check">
        {withLogin ? (
          <>
            <Field
              label="Login"
              autoComplete="username"
              {...form.register('login.username')}
              error={errorOf('login.username')}
            />
            <Field
              label="Password"
              type="password"
              autoComplete="current-password"
              {...form.register('login.password')}
              error={errorOf('login.password')}
            />
          </>
        ) : (
          <p className={signedOut ? 'warning' : 'muted'}>
            {signedOut
              ? 'You are signed out: include your login, or every line that needs a credential is skipped.'
              : 'Sign-in itself is checked only with your login.'}{' '}
            <button type="button" className="link" onClick={() => form.setValue('withLogin', true)}>
              Include sign-in…
            </button>
          </p>
        )}
        <label className="checkbox">
          <input type="checkbox" {...form.register('runJobs')} />
          Run one small job per AI operation (may be billed)
        </label>
        {runJobs ? (
          <p className="warning">
            Each AI operation runs once for real with a tiny input: the platform may bill these jobs.
          </p>
        ) : (
          <p className="field-hint">
            The check sends each AI operation a request every platform refuses; nothing is generated unless you tick
            this.
          </p>
        )}
        <ErrorNote error={failure && { error: failure }} />
        <div className="row">
          <button type="submit" disabled={busy}>
            {busy ? 'Checking every element of the profile…' : 'Run connection check'}
          </button>
        </div>
      </form>
      {check.data && <CheckReport key={check.submittedAt} result={check.data} />}
    </div>
  );
}
