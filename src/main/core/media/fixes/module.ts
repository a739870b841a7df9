import path from 'node:path';
import type { HandlerMap } from '../../../../shared/contract';
import type { CoreModule, Kernel } from '../../compose';
import type { LibraryModule } from '../../library/module';
import { FixJobs } from './fix-jobs';

type FixChannels = Pick<HandlerMap, 'media.fix' | 'media.fixCancel' | 'media.fixJobs'>;

export interface MediaFixesDeps extends Pick<Kernel, 'deps' | 'now' | 'push' | 'files'> {
  library: LibraryModule['library'];
}

export interface MediaFixes extends CoreModule {
  fixes: FixJobs;
}

export function mediaFixHandlers(fixes: FixJobs): FixChannels {
  return {
    'media.fix': (input) => fixes.start(input),
    'media.fixCancel': ({ id }) => fixes.cancel(id),
    'media.fixJobs': () => fixes.list(),
  };
}

/**
 * Fixes of library media (crop, pad, resize, trim) as cancellable jobs. A video's new file is written in the
 * media store's temp folder, which the library empties at start: a crash mid-fix leaves nothing for long.
 */
export function createMediaFixes({ deps, now, push, files, library }: MediaFixesDeps): MediaFixes {
  const fixes = new FixJobs({
    library,
    tools: files.tools,
    now,
    logger: deps.logger,
    tempDir: path.join(files.blobs.root, '.tmp'),
    previews: files.blobs,
    changed: (view) => push.emit('media.fixChanged', view),
  });
  return {
    name: 'media fixes',
    fixes,
    handlers: mediaFixHandlers(fixes),
    start: () => {},
    close: () => fixes.close(),
  };
}
