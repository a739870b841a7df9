import { useId, useState, type FormEvent } from 'react';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { ErrorNote } from './Field';
import { PlatformFields, type PlatformValues } from './PlatformFields';

/** The profiles an account can be connected with: every one but those that start their own sandbox. */
function useAccountProfiles() {
  const profiles = useChannel('profile.list', {});
  return (profiles.data ?? []).filter((p) => !p.embeddedSandbox);
}

/** "Connect my account": the platform's address and this app's client credentials. */
export function ConnectForm({ onDone }: { onDone?: () => void }) {
  const connect = useAction('connection.connectAccount', ['connection.get', 'session.get', 'profile.list']);
  const choices = useAccountProfiles();
  const pickerId = useId();
  const [profileId, setProfileId] = useState('platform');
  const chosen = choices.find((p) => p.id === profileId);
  const [values, setValues] = useState<PlatformValues>({ baseUrl: 'https://', clientId: '', clientSecret: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    connect.mutate({ profileId, ...values }, { onSuccess: () => onDone?.() });
  };
  const validation = connect.error?.error.code === 'validation' ? connect.error : null;
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Connect my account">
      <div className="field">
        <label htmlFor={pickerId}>Platform profile</label>
        <select
          id={pickerId}
          value={profileId}
          onChange={(e) => {
            setProfileId(e.target.value);
            const next = choices.find((p) => p.id === e.target.value);
            setValues({ ...values, baseUrl: next?.baseUrl ?? next?.lastAddress ?? 'https://' });
          }}
        >
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.builtin ? '' : ' (imported)'}
            </option>
          ))}
        </select>
        <span className="field-hint">
          {chosen && !chosen.builtin
            ? 'Your imported profile says how this platform names its fields and endpoints.'
            : 'A profile describes what the platform’s document leaves open. Import your own in Settings → Connection → Profiles.'}
        </span>
      </div>
      <PlatformFields values={values} onChange={setValues} validation={validation} />
      {connect.error && !validation && <ErrorNote error={connect.error} />}
      <button type="submit" className="primary" disabled={connect.isPending}>
        {connect.isPending ? 'Saving…' : 'Continue'}
      </button>
    </form>
  );
}
