import type { CheckLine, ConnectionCheckResult } from '../../../../shared/connection-check';
import type { PlatformProfile } from '../../../../shared/profile';
import type { Answer } from './answer';
import { failed, isRefusal, schemeField, type CredentialKind, type Verdict } from './verdict';

/** A line while the check runs: the answer is kept unmasked until the report is built. */
export interface Line {
  id: string;
  section: CheckLine['section'];
  label: string;
  request: string | null;
  /** Sent with the credential in the Authorization header (what a wrong scheme breaks). */
  credentialed: boolean;
  answer: Answer | null;
  verdict: Verdict;
}

type Diagnosis = ConnectionCheckResult['diagnosis'];

const EVIDENCE: Record<string, string> = {
  validate: 'the validate endpoint accepted the same credential',
  login: 'sign-in worked',
  refresh: 'the refresh worked',
};

/**
 * Failures that share one cause are explained once. An Authorization header refused wherever it
 * went and accepted nowhere points at the scheme; refused on some requests while others carrying
 * it got a 2xx, it does not. (A 400 to the AI probe's body proves nothing: some platforms read the
 * body before the header.)
 */
export function diagnose(
  lines: Line[],
  kind: CredentialKind | null,
  auth: PlatformProfile['auth'],
): { lines: Line[]; diagnosis: Diagnosis } {
  if (!kind) return { lines, diagnosis: sharedCause(lines) };
  const status = (l: Line) => l.answer?.status ?? null;
  const carried = lines.filter((l) => l.credentialed && status(l) !== null && l.verdict.outcome !== 'skip');
  const refused = carried.filter((l) => isRefusal(status(l)));
  const accepted = carried.filter((l) => (status(l) ?? 0) >= 200 && (status(l) ?? 0) < 300);
  if (refused.length === 0) return { lines, diagnosis: sharedCause(lines) };
  if (accepted.length > 0) {
    const judged = lines.map((l) => (refused.includes(l) ? { ...l, verdict: partialRefusal(status(l) ?? 0) } : l));
    return { lines: judged, diagnosis: sharedCause(judged) };
  }
  const evidence = lines.flatMap((l) => {
    const said = EVIDENCE[l.id];
    return said && !l.credentialed && l.verdict.outcome === 'pass' ? [said] : [];
  });
  const scheme = kind === 'apiKey' ? auth.apiKeyScheme : auth.scheme;
  const words = refused.find((l) => l.answer?.words)?.answer?.words;
  const message = [
    `The platform refused the ${kind === 'apiKey' ? 'API key' : 'access token'} in the "${scheme.header}" header ` +
      `on ${refused.length} ${refused.length === 1 ? 'request' : 'requests'} and accepted it on none`,
    evidence.length > 0 ? `, while ${andList(evidence)}` : '',
    `: the Authorization scheme is likely wrong (now header "${scheme.header}", prefix "${scheme.prefix}").`,
    words ? ` The platform said: “${words}”` : '',
  ].join('');
  return { lines, diagnosis: { message, field: schemeField(kind) } };
}

/** Several lines failing on the same profile field (every group on `records.itemsField`): one cause, said once. */
export function sharedCause(lines: Line[]): Diagnosis {
  const byField = new Map<string, Line[]>();
  for (const l of lines) {
    const field = l.verdict.outcome === 'fail' ? l.verdict.field : null;
    if (field) byField.set(field, [...(byField.get(field) ?? []), l]);
  }
  const [field, shared] = [...byField.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (!field || !shared || shared.length < 2) return null;
  return { message: `${shared.length} checks fail for the same reason: ${shared[0]?.verdict.summary ?? ''}`, field };
}

/** "a", "a and b", "a, b and c". */
function andList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function partialRefusal(status: number): Verdict {
  return failed(
    `The platform refused this request (${status}) while other requests with the same credential passed: ` +
      `the account may not be allowed this, or the endpoint wants another credential.`,
    null,
  );
}
