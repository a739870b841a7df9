import type { ConnectionCheckResult } from '../../../../shared/connection-check';
import type { SignInInput } from '../../../../shared/session';
import { aiOperations, resourceGroups } from '../../../../shared/profile';
import type { z } from 'zod';
import { fail } from '../../errors';
import { SecretRegistry } from '../../redact';
import type { SessionTarget } from '../session';
import { credentialOf, type CheckContext, type CheckSession } from './context';
import { diagnose, type Line } from './diagnose';
import { report } from './report';
import { apiKeyLine, loginLine, refreshLine, validateLine } from './run-auth';
import { aiLine, groupLine } from './run-resources';

export interface CheckDeps {
  session: CheckSession;
  target: () => Promise<SessionTarget>;
  now: () => number;
}

export interface CheckRequest {
  runJobs: boolean;
  login?: z.output<typeof SignInInput> | undefined;
}

/** The checklist's order: sign-in, validation, refresh, API key; then groups; then AI. */
const AUTH_ORDER = ['login', 'validate', 'refresh', 'apiKey'];

/**
 * Try every element of the profile against the platform. Sign-in and refresh go through the
 * session's own paths; everything else is sent once with the current credential, and refusals
 * are reported rather than acted on. Groups get GETs only; AI gets nothing billable unless asked.
 */
export async function runConnectionCheck(deps: CheckDeps, input: CheckRequest): Promise<ConnectionCheckResult> {
  const target = await deps.target();
  if (!target.baseUrl)
    fail('validation', 'No platform address is set.', {
      hint: 'Choose the sandbox or enter your platform address in Settings → Connection.',
    });
  const registry = new SecretRegistry();
  if (input.login) registry.add(input.login.password);
  await deps.session.addSecretsTo(registry);
  const ctx: CheckContext = {
    session: deps.session,
    profile: target.profile,
    baseUrl: target.baseUrl,
    now: deps.now,
    registry,
    credential: { kind: null, why: '' },
  };
  const lines: Line[] = [await loginLine(ctx, input.login)];
  ctx.credential = credentialOf(deps.session.view());
  const validate = await validateLine(ctx);
  lines.push(validate, await apiKeyLine(ctx));
  for (const group of resourceGroups) lines.push(await groupLine(ctx, group));
  for (const op of aiOperations) lines.push(await aiLine(ctx, op, input.runJobs));
  // Last: a refused refresh ends the session, and nothing above should be skipped because of it.
  lines.push(await refreshLine(ctx, validate.verdict.outcome === 'pass'));
  await deps.session.addSecretsTo(registry);
  const judged = diagnose(lines, ctx.credential.kind, target.profile.auth);
  const rank = (l: Line) => (l.section === 'auth' ? AUTH_ORDER.indexOf(l.id) : l.section === 'groups' ? 10 : 20);
  const ordered = [...judged.lines].sort((a, b) => rank(a) - rank(b));
  return {
    checkedAt: new Date(deps.now()).toISOString(),
    baseUrl: target.baseUrl,
    profile: { id: target.profile.id, name: target.profile.name },
    ranJobs: input.runJobs && ctx.credential.kind !== null,
    diagnosis: judged.diagnosis && { ...judged.diagnosis, message: registry.scrub(judged.diagnosis.message) },
    lines: ordered.map((l) => report(l, registry, target.profile.records)),
  };
}
