import type { HandlerMap } from '../../../shared/contract';
import { fail } from '../errors';
import type { Dialogs } from '../ports';
import type { Library } from './library';

type LibraryChannels = Pick<
  HandlerMap,
  | 'library.query'
  | 'library.get'
  | 'library.import'
  | 'library.importDialog'
  | 'library.importUploads'
  | 'library.update'
  | 'library.trash'
  | 'library.restore'
  | 'library.emptyTrash'
  | 'library.tags'
>;

export function libraryHandlers(library: Library, dialogs: Dialogs | undefined): LibraryChannels {
  return {
    'library.query': (q) => library.query(q),
    'library.get': ({ id }) => library.get(id),
    'library.import': ({ paths, tags }) => library.importPaths(paths, undefined, tags),
    'library.importDialog': async ({ tags }) => {
      if (!dialogs)
        fail('unavailable', 'There is no file dialog here.', {
          hint: 'Use Import… to upload files, or drop them on the library.',
        });
      const paths = await dialogs.chooseImport();
      return paths.length === 0
        ? { imported: [], duplicates: [], skipped: [], failed: [] }
        : library.importPaths(paths, undefined, tags);
    },
    'library.importUploads': ({ uploads, tags }) => library.importUploads(uploads, tags),
    'library.update': (input) => library.update(input),
    'library.trash': ({ ids }) => ({ count: library.trash(ids) }),
    'library.restore': ({ ids }) => ({ count: library.restore(ids) }),
    'library.emptyTrash': async () => ({ count: await library.emptyTrash() }),
    'library.tags': () => library.tags(),
  };
}
