import type { HandlerMap } from '../../../shared/contract';
import type { Snippets } from './snippets';

type SnippetChannels = Pick<
  HandlerMap,
  'snippets.list' | 'snippets.create' | 'snippets.update' | 'snippets.remove' | 'snippets.use'
>;

/** Saved snippets: their records change through the record store, which tells screens (records.changed). */
export function snippetHandlers(snippets: Snippets): SnippetChannels {
  return {
    'snippets.list': (input) => snippets.list(input),
    'snippets.create': ({ fields }) => snippets.create(fields),
    'snippets.update': ({ id, fields }) => snippets.update(id, fields),
    'snippets.remove': ({ id }) => {
      snippets.remove(id);
      return {};
    },
    'snippets.use': ({ id, values }) => snippets.use(id, values),
  };
}
