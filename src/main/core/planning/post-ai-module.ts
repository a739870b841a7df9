import { AiChanged } from '../../../shared/ai';
import type { Studio } from '../ai/studio';
import type { CoreModule, Kernel } from '../compose';
import type { Library } from '../library/library';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';
import { PostAi } from './post-ai';

export interface PostAiModuleDeps extends Pick<Kernel, 'db' | 'now' | 'bus' | 'push' | 'logger' | 'damage'> {
  store: RecordStore;
  workspace: Workspace;
  studio: Pick<Studio, 'submit' | 'get' | 'save' | 'catalog'>;
  library: Pick<Library, 'update' | 'get'>;
}

export interface PostAiModule extends CoreModule {
  postAi: PostAi;
}

/**
 * AI for a post: its requests and their attach when the job ends. It hears the AI queue through its
 * public events — a success on the core's bus, any other change (failed, cancelled) on its push event —
 * and settles what was left waiting at start (the app closed mid-job).
 */
export function createPostAi(d: PostAiModuleDeps): PostAiModule {
  const postAi = new PostAi({
    db: d.db,
    store: d.store,
    workspace: d.workspace,
    studio: d.studio,
    library: d.library,
    now: d.now,
    logger: d.logger,
    changed: (postIds) => d.push.emit('planner.postAiChanged', { postIds }),
  });
  const check = (ids: readonly string[] | null) => {
    if (!d.damage.current()) void postAi.check(ids);
  };
  d.bus.on('ai.jobSucceeded', ({ jobId }) => check([jobId]));
  const unsubscribe = d.push.subscribe((event, payload) => {
    if (event !== 'ai.changed') return;
    const changed = AiChanged.safeParse(payload);
    if (changed.success && !changed.data.progressOnly) check(changed.data.ids);
  });
  return {
    name: 'postAi',
    postAi,
    handlers: {
      'planner.postAi': (input) => postAi.start(input),
      'planner.postAiRequests': ({ postId }) => postAi.list(postId),
      'planner.postAiSettle': ({ id, outcome }) => postAi.settle(id, outcome),
    },
    start: () => check(null),
    close: async () => {
      unsubscribe();
      await postAi.close();
    },
  };
}
