import { z } from 'zod';
import { MAX_PAYLOAD_BYTES } from '../../shared/contract';
import {
  isAllowedDocumentUrl,
  type OpenApiProposal,
  type OpenApiSource,
  type ProposalItem,
} from '../../shared/openapi';

/** Pure helpers of the "Import from OpenAPI…" panel (the component only wires them to the screen). */

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Why a chosen file cannot be read here, or null. The size is checked before the file is read. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(json|ya?ml)$/i.test(file.name)) return `“${file.name}” is not a .json, .yaml or .yml file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_PAYLOAD_BYTES)
    return (
      `“${file.name}” is ${mb(file.size)}; a file chosen here may be at most 1 MB. ` +
      'Give the document’s https:// address instead.'
    );
  return null;
}

/** The text source, or why it cannot travel: the transport measures the whole request, escapes included. */
export function textSource(name: string, text: string): { source: OpenApiSource } | { problem: string } {
  const source: OpenApiSource = { kind: 'text', text, name: name.slice(0, 255) };
  const size = new TextEncoder().encode(JSON.stringify({ source })).length;
  if (size > MAX_PAYLOAD_BYTES)
    return {
      problem:
        `“${name}” is too large to send from here (${mb(size)} once packed). ` +
        'Give the document’s https:// address instead.',
    };
  return { source };
}

/** The URL source, or what is wrong with the address. */
export function urlSource(raw: string): { source: OpenApiSource } | { problem: string } {
  const url = raw.trim();
  if (!url) return { problem: 'Enter the address of the OpenAPI document.' };
  if (!isAllowedDocumentUrl(url)) return { problem: 'Use an https:// address (plain http only for this computer).' };
  return { source: { kind: 'url', url } };
}

export interface ProposalSection {
  kind: 'found' | 'guessed' | 'missing';
  title: string;
  items: ProposalItem[];
}

/** The three lists, in the order they are read, with titles that say what to do with each. */
export function proposalSections(p: Pick<OpenApiProposal, 'found' | 'guessed' | 'missing'>): ProposalSection[] {
  return [
    { kind: 'found', title: `Found in the document (${p.found.length})`, items: p.found },
    { kind: 'guessed', title: `Guessed — check these (${p.guessed.length})`, items: p.guessed },
    { kind: 'missing', title: `Not in the document — defaults kept (${p.missing.length})`, items: p.missing },
  ];
}

const Named = z.object({ id: z.string(), name: z.string() });

/** What the edited JSON would be saved as, or why it cannot be saved yet (the core checks the rest). */
export function editedProfile(json: string): { id: string; name: string } | { problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    return { problem: `The profile is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const named = Named.safeParse(raw);
  return named.success
    ? { id: named.data.id, name: named.data.name }
    : { problem: 'The profile needs an "id" and a "name".' };
}

/** Saving over an existing profile replaces it: say so before the user confirms. */
export function saveLabel(edited: { id: string } | { problem: string }, existingIds: readonly string[]): string {
  if ('problem' in edited) return 'Save profile';
  return existingIds.includes(edited.id) ? `Replace profile “${edited.id}”` : 'Save profile';
}
