import type { CheckLine } from '../../../../shared/connection-check';
import type { ResourceGroup } from '../../../../shared/profile';
import { fail } from '../../errors';
import { SecretRegistry } from '../../redact';
import type { CheckDeps } from './check';
import { credentialOf, type CheckContext } from './context';
import { report } from './report';
import { groupLine } from './run-resources';

/**
 * Ask for some groups' lists again with the profile now in use, as the check does: one GET each,
 * with the current credential, refusals reported. Used after the user taught Atelier where the
 * records are, so the lines they fixed show it without running the whole check again.
 */
export async function recheckGroups(deps: CheckDeps, groups: readonly ResourceGroup[]): Promise<CheckLine[]> {
  const target = await deps.target();
  if (!target.baseUrl)
    fail('validation', 'No platform address is set.', {
      hint: 'Choose the sandbox or enter your platform address in Settings → Connection.',
    });
  const registry = new SecretRegistry();
  await deps.session.addSecretsTo(registry);
  const ctx: CheckContext = {
    session: deps.session,
    profile: target.profile,
    baseUrl: target.baseUrl,
    now: deps.now,
    registry,
    credential: credentialOf(deps.session.view()),
  };
  const lines: CheckLine[] = [];
  for (const group of groups) lines.push(report(await groupLine(ctx, group), registry, target.profile.records));
  return lines;
}
