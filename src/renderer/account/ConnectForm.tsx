import { ConnectAccountInput } from '../../shared/session';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { FormField } from '../forms/FormField';
import { useZodForm } from '../forms/use-zod-form';
import { ErrorNote } from './Field';
import { PlatformFields } from './PlatformFields';

/** The profiles an account can be connected with: every one but those that start their own sandbox. */
function useAccountProfiles() {
  const profiles = useChannel('profile.list', {});
  return (profiles.data ?? []).filter((p) => !p.embeddedSandbox);
}

/** "Connect my account": the platform's address and this app's client credentials. */
export function ConnectForm({ onDone }: { onDone?: () => void }) {
  const connect = useAction('connection.connectAccount', ['connection.get', 'session.get', 'profile.list']);
  const choices = useAccountProfiles();
  const { form, onSubmit, errorOf, failure, busy } = useZodForm({
    schema: ConnectAccountInput,
    defaultValues: { profileId: 'platform', baseUrl: 'https://', clientId: '', clientSecret: '' },
    send: async (values) => {
      await connect.mutateAsync(values);
      onDone?.();
    },
  });
  const chosen = choices.find((p) => p.id === form.watch('profileId'));
  // Another profile brings its own address (or the last one used with it).
  const profile = form.register('profileId', {
    onChange: (e: { target: { value: string } }) => {
      const next = choices.find((p) => p.id === e.target.value);
      form.setValue('baseUrl', next?.baseUrl ?? next?.lastAddress ?? 'https://');
    },
  });
  const hint =
    chosen && !chosen.builtin
      ? 'Your imported profile says how this platform names its fields and endpoints.'
      : 'A profile describes what the platform’s document leaves open. ' +
        'Import your own in Settings → Connection → Profiles.';
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Connect my account">
      <FormField label="Platform profile" hint={hint} error={errorOf('profileId')}>
        {(c) => (
          <select {...c} {...profile}>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.builtin ? '' : ' (imported)'}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <PlatformFields field={(name) => form.register(name)} errorOf={errorOf} />
      <ErrorNote error={failure && { error: failure }} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Saving…' : 'Continue'}
      </button>
    </form>
  );
}
