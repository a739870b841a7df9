import { useRef, useState } from 'react';
import { z } from 'zod';
import { contract, type ChannelInput } from '../../shared/contract';
import type { ProfileSummary } from '../../shared/profile';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { useZodForm } from '../forms/use-zod-form';
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
  const saved = conn.data?.clientIdSet === true && conn.data.clientSecretSet;
  if (!needsAddress(profile)) {
    return (
      <>
        <button
          type="button"
          className="link"
          onClick={() => select.mutate({ id: profile.id })}
          disabled={select.isPending}
          aria-label={`Use ${profile.name}`}
        >
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
  return <AddressForm profile={profile} saved={saved} onClose={() => setOpen(false)} />;
}

/** The address a profile is used with, and the client ID and secret (kept when left empty and already saved). */
function AddressForm({ profile, saved, onClose }: { profile: ProfileSummary; saved: boolean; onClose(): void }) {
  const select = useAction('profile.select', [...AFTER_CHANGE]);
  const latest = useRef({ id: profile.id, saved });
  latest.current = { id: profile.id, saved };
  const { form, onSubmit, errorOf, failure, busy } = useZodForm<PlatformValues, void>({
    schema: z
      .custom<PlatformValues>()
      .transform((v) => selectInput(latest.current, v))
      .pipe(contract['profile.select'].input),
    defaultValues: { baseUrl: profile.lastAddress ?? 'https://', clientId: '', clientSecret: '' },
    send: async (v) => {
      await select.mutateAsync(selectInput(latest.current, v));
      onClose();
    },
  });
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label={`Use ${profile.name}`}>
      <PlatformFields
        field={(name) => form.register(name)}
        errorOf={errorOf}
        idHint={saved ? 'Leave the client ID and secret empty to keep the saved ones.' : undefined}
      />
      <ErrorNote error={failure && { error: failure }} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Saving…' : `Use ${profile.name}`}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The request: empty credentials are left out when saved ones exist (they are kept). */
function selectInput(p: { id: string; saved: boolean }, v: PlatformValues): ChannelInput<'profile.select'> {
  const credentials =
    v.clientId || v.clientSecret || !p.saved ? { clientId: v.clientId, clientSecret: v.clientSecret } : {};
  return { id: p.id, baseUrl: v.baseUrl, ...credentials };
}
