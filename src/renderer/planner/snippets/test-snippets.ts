import type { Snippet } from '../../../shared/snippets';
import { variablesOf } from '../template-vars';

/** A snippet as the core answers with one; variables follow the body. */
export function snippetView(over: Partial<Snippet> & Pick<Snippet, 'id' | 'name' | 'body'>): Snippet {
  return {
    kind: 'hashtags',
    variables: variablesOf(over.body),
    uses: 0,
    lastUsedAt: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}
