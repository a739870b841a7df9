import type { OpenApiProposal } from '../../../../shared/openapi';
import { parseProfile, PROFILE_VERSION, type PlatformProfileInput } from '../../../../shared/profile';
import { fail, issuesOf } from '../../errors';
import { proposeAuthRequests } from './auth-fields';
import { findAuthOperations } from './auth-operations';
import { Findings, type ProposalContext } from './findings';
import { listOperations, type OpenApiDocument } from './operations';
import { proposeAi } from './propose-ai';
import { proposeErrors } from './propose-errors';
import { proposeGroups } from './propose-groups';
import { proposeIdentity, proposeServer } from './propose-identity';
import { proposeRecords } from './propose-records';
import { proposeResponseFields } from './response-fields';
import { proposeSchemes } from './security-scheme';

/**
 * A profile proposed from a parsed, dereferenced OpenAPI document, with what was found, guessed
 * and missing. Pure: nothing is stored; the user reviews the JSON and imports it.
 */
export function proposeProfile(doc: OpenApiDocument, documentUrl?: string): OpenApiProposal {
  const findings = new Findings();
  const { id, name } = proposeIdentity(doc, findings);
  const { baseUrl, prefix } = proposeServer(doc, findings, documentUrl);
  const ctx: ProposalContext = {
    doc,
    ops: listOperations(doc),
    findings,
    path: (p) => `${prefix}${p.startsWith('/') ? p : `/${p}`}`,
  };
  const authOps = findAuthOperations(ctx);
  const requests = proposeAuthRequests(ctx, authOps);
  const schemes = proposeSchemes(ctx);
  const answers = proposeResponseFields(ctx, authOps);
  const errors = proposeErrors(ctx);
  const ai = proposeAi(ctx);
  const { groups, lists } = proposeGroups(ctx);
  const records = proposeRecords(ctx, lists);
  const profile: PlatformProfileInput = {
    version: PROFILE_VERSION,
    id,
    name,
    baseUrl,
    embeddedSandbox: false,
    auth: { ...schemes, ...requests, ...answers },
    errors,
    ai,
    groups,
    records,
  };
  const parsed = parseProfile(profile);
  if (!parsed.success) {
    // A document can hold values a profile refuses (a 600-character path, say): say which.
    const issue = issuesOf(parsed.error)[0];
    fail('validation', `The document describes something a profile cannot hold: ${issue?.path}: ${issue?.message}`, {
      issues: issuesOf(parsed.error),
    });
  }
  return {
    json: JSON.stringify(parsed.data, null, 2),
    found: findings.found,
    guessed: findings.guessed,
    missing: findings.missing,
  };
}
