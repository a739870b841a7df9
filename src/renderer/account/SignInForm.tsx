import { useState, type FormEvent } from 'react';
import { fieldError, useAction } from '../backend/use-action';
import { ErrorNote, Field } from './Field';

/** Sign in with login and password; the platform's refusal is shown in its own words. */
export function SignInForm({ onDone }: { onDone?: () => void }) {
  const signIn = useAction('session.signIn', ['session.get', 'connection.get']);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ username, password }, { onSuccess: () => onDone?.() });
  };
  const validation = signIn.error?.error.code === 'validation' ? signIn.error : null;
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Sign in">
      <Field label="Login" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} error={fieldError(validation, 'username')} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldError(validation, 'password')}
      />
      {signIn.error && !validation && <ErrorNote error={signIn.error} />}
      <button type="submit" className="primary" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
