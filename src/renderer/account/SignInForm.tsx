import { SignInInput } from '../../shared/session';
import { useAction } from '../backend/use-action';
import { useZodForm } from '../forms/use-zod-form';
import { ErrorNote, Field } from './Field';

/** Sign in with login and password; the platform's refusal is shown in its own words. */
export function SignInForm({ onDone }: { onDone?: () => void }) {
  const signIn = useAction('session.signIn', ['session.get', 'connection.get']);
  const { form, onSubmit, errorOf, failure, busy } = useZodForm({
    schema: SignInInput,
    defaultValues: { username: '', password: '' },
    send: async (values) => {
      await signIn.mutateAsync(values);
      onDone?.();
    },
  });
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Sign in">
      <Field label="Login" autoComplete="username" {...form.register('username')} error={errorOf('username')} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
        error={errorOf('password')}
      />
      <ErrorNote error={failure && { error: failure }} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
