import type { ProposalItem } from '../../../../shared/openapi';
import type { OpenApiDocument, Operation } from './operations';

/** What the proposal read, what it inferred, and what the document does not say. */
export class Findings {
  readonly found: ProposalItem[] = [];
  readonly guessed: ProposalItem[] = [];
  readonly missing: ProposalItem[] = [];

  add(kind: 'found' | 'guessed' | 'missing', field: string, note: string): void {
    this[kind].push({ field, note });
  }
}

/** Everything the proposers share. */
export interface ProposalContext {
  doc: OpenApiDocument;
  ops: Operation[];
  findings: Findings;
  /** A document path as the profile writes it (the server URL's path goes in front). */
  path(documentPath: string): string;
}

/** `"name" (POST /user/login request body)`: the way every note names a place. */
export const at = (name: string, place: string) => `"${name}" (${place})`;
