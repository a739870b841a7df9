import type { CoreModule, Kernel } from '../compose';
import { damageWords } from '../db/damage-state';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';
import { libraryHandlers } from './handlers';
import { Library } from './library';

export interface LibraryModuleDeps extends Pick<Kernel, 'deps' | 'now' | 'bus' | 'damage' | 'files'> {
  store: RecordStore;
  workspace: Workspace;
}

export interface LibraryModule extends CoreModule {
  library: Library;
}

/** The media library: imports, tags, trash. Tells the core what it imported (automations listen). */
export function createLibrary({ deps, now, bus, damage, files, store, workspace }: LibraryModuleDeps): LibraryModule {
  const library = new Library({
    store,
    workspace,
    blobs: files.blobs,
    tools: files.tools,
    now,
    logger: deps.logger,
    uploadsDir: files.uploadsDir,
    // A file an AI job or a kept backup refers to stays: restoring that backup must find it.
    otherUses: (sha) => files.keptElsewhere(sha),
    whileDamaged: () => damageWords(damage),
    onImported: (assets) => bus.emit('library.imported', { assets }),
  });
  return {
    name: 'library',
    library,
    handlers: libraryHandlers(library, deps.dialogs),
    start: async () => {
      await files.blobs
        .cleanTemp()
        .catch((e: unknown) => deps.logger.warn('could not clean unfinished media files', { error: e }));
    },
    // Imports stop: none may write to the database or remove a file once it is being replaced.
    close: () => library.close(),
  };
}
