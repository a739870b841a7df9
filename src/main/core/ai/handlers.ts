import type { HandlerMap } from '../../../shared/contract';
import { fail } from '../errors';
import type { BlobStore } from '../library/files/blob-store';
import type { MediaTools } from '../media/media-tools';
import type { Dialogs } from '../ports';
import { exportResults } from './export';
import type { AiQueue } from './queue';
import type { Studio } from './studio';
import type { Teacher } from './teacher';

type AiChannels = Pick<
  HandlerMap,
  | 'ai.catalog'
  | 'ai.submit'
  | 'ai.queue'
  | 'ai.gallery'
  | 'ai.get'
  | 'ai.cancel'
  | 'ai.retry'
  | 'ai.rerun'
  | 'ai.reorder'
  | 'ai.setPaused'
  | 'ai.setConcurrency'
  | 'ai.save'
  | 'ai.export'
  | 'ai.remove'
  | 'ai.teachPreview'
  | 'ai.teachApply'
>;

export function aiHandlers(
  studio: Studio,
  queue: AiQueue,
  teacher: Teacher,
  blobs: BlobStore,
  dialogs: Dialogs | undefined,
  tools?: () => Promise<MediaTools>,
): AiChannels {
  return {
    'ai.catalog': () => studio.catalog(),
    'ai.submit': (input) => studio.submit(input),
    'ai.queue': () => studio.queueView(),
    'ai.gallery': (q) => studio.gallery(q),
    'ai.get': ({ id }) => studio.get(id),
    'ai.cancel': ({ id }) => studio.cancel(id),
    'ai.retry': ({ id }) => studio.retry(id),
    'ai.rerun': ({ id, force }) => studio.rerun(id, force),
    'ai.reorder': ({ id, before }) => studio.reorder(id, before),
    'ai.setPaused': ({ paused }) => {
      queue.setPaused(paused);
      return queue.status();
    },
    'ai.setConcurrency': ({ concurrency }) => {
      queue.setConcurrency(concurrency);
      return queue.status();
    },
    'ai.save': (input) => studio.save(input),
    'ai.export': async ({ ids, folder }) => {
      let into = folder ?? null;
      if (into === null) {
        if (!dialogs)
          fail('validation', 'Type the folder to export into.', {
            issues: [{ path: 'folder', message: 'A folder is required here.' }],
          });
        into = await dialogs.chooseFolder('Export AI results');
        if (into === null) return { folder: '', files: [] };
      }
      return exportResults(
        into,
        ids.map((id) => studio.get(id)),
        blobs,
        undefined,
        tools ? await tools() : undefined,
      );
    },
    'ai.remove': async ({ id }) => {
      await studio.remove(id);
      return { id };
    },
    'ai.teachPreview': (input) => teacher.preview(input),
    'ai.teachApply': async (input) => {
      if ((await teacher.apply(input)) === 'resumed') queue.kick();
      return studio.get(input.jobId);
    },
  };
}
