import type { CoreModule, Kernel } from '../compose';
import type { LibraryModule } from '../library/module';
import type { Platform } from '../platform/module';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';
import { throttledIds } from '../throttled-ids';
import { aiHandlers } from './handlers';
import { JobStore } from './job-store';
import { AiQueue } from './queue';
import { JobRunner } from './runner';
import { SpendingGuard } from './spending-guard';
import { spendingHandlers } from './spending-handlers';
import { localZone } from '../../../shared/time-zone';
import type { SpendingView } from '../../../shared/ai-spending';
import { Studio } from './studio';
import { Teacher } from './teacher';

export interface AiDeps extends Pick<
  Kernel,
  'deps' | 'db' | 'meta' | 'now' | 'bus' | 'push' | 'damage' | 'notifier' | 'files'
> {
  platform: Pick<Platform, 'http' | 'connection' | 'session'>;
  store: RecordStore;
  workspace: Workspace;
  library: LibraryModule['library'];
}

export interface Ai extends CoreModule {
  studio: Studio;
  queue: AiQueue;
  jobs: JobStore;
}

/** The AI studio and its job queue; teaching a profile from answers. The queue goes on when the platform is back. */
export function createAi(d: AiDeps): Ai {
  const { deps, now, bus, push, files, workspace, platform } = d;
  const { http, connection, session } = platform;
  const jobs = new JobStore(d.db);
  files.keep((sha) => jobs.uses(sha));
  const account = () => workspace.account();
  const { guard, spendingChanged } = createGuard(d, jobs, account);
  const changed = throttledIds(200, (ids, progressOnly) => {
    push.emit('ai.changed', { ids, status: queue.status(), progressOnly });
    if (!progressOnly) spendingChanged();
  });
  const runner = new JobRunner({
    send: (req) => session.request(req),
    fetchPlain: (req) => http.request(req),
    target: () => connection.target(),
    blobs: files.blobs,
    jobs,
    tools: files.tools,
    now,
    logger: deps.logger,
  });
  const queue: AiQueue = new AiQueue({
    jobs,
    runner,
    now,
    logger: deps.logger,
    notifier: d.notifier,
    account,
    session: () => session.view(),
    load: () => d.meta.get('ai.queue'),
    save: (settings) => d.meta.set('ai.queue', settings),
    changed,
    guard,
    onSucceeded: (jobId, job) =>
      bus.emit('ai.jobSucceeded', { jobId, operation: job.operation, prompt: job.prompt ?? '' }),
  });
  const studio = new Studio({
    jobs,
    queue,
    store: d.store,
    blobs: files.blobs,
    library: d.library,
    meta: d.meta,
    uploadsDir: files.uploadsDir,
    // A file a kept backup refers to stays, as for the library.
    otherUses: (sha) => files.keptElsewhere(sha),
    account,
    target: () => connection.target(),
    now,
  });
  const teacher = createTeacher(d, jobs, runner, account);
  resumeWhenOnline(bus, queue);
  // Raised (or lowered) limits take effect at once: the queue looks again.
  bus.on('settings.changed', () => queue.kick());
  d.damage.onTrip(() => void queue.close());
  return {
    name: 'ai',
    studio,
    queue,
    jobs,
    handlers: {
      ...aiHandlers(studio, queue, teacher, files.blobs, deps.dialogs, files.tools),
      ...spendingHandlers(guard, queue, spendingChanged),
    },
    start: () => {
      if (deps.ai?.autoStart !== false) queue.start();
    },
    close: async () => {
      await queue.close();
      changed.cancel();
      await jobs.close();
    },
  };
}

/** Teaching a profile from answers: it sees the profiles in use and adopts the derived one. */
function createTeacher(d: AiDeps, jobs: JobStore, runner: JobRunner, account: () => string): Teacher {
  const { connection, session } = d.platform;
  return new Teacher({
    jobs,
    runner,
    account,
    profiles: () => {
      const inUse = connection.profile();
      return {
        inUse,
        builtin: connection.summaries().some((p) => p.id === inUse.id && p.builtin),
        ids: connection.profiles().map((p) => p.id),
      };
    },
    adopt: async (json) => {
      await connection.adoptDerived(json);
      d.bus.emit('connection.changed', await connection.view(session.view().signedIn));
    },
  });
}

/** The queue goes on when the platform comes back online or the session changes. */
function resumeWhenOnline(bus: AiDeps['bus'], queue: AiQueue): void {
  let reachable: 'online' | 'offline' | 'unknown' = 'unknown';
  bus.on('connection.changed', (view) => {
    const was = reachable;
    reachable = view.reachable;
    if (reachable === 'online' && was !== 'online') queue.online();
  });
  bus.on('session.changed', () => queue.online());
}

/** The spending guard over the job rows, in the user's zone, with its limits from the settings. */
function createGuard(d: AiDeps, jobs: JobStore, account: () => string) {
  const guard = new SpendingGuard({
    jobs,
    account,
    limits: () => d.deps.settings.get().spendingLimits,
    zone: localZone,
    now: d.now,
  });
  const spendingChanged = spendingEvents(guard, (view) => d.push.emit('ai.spendingChanged', view));
  d.bus.on('settings.changed', () => spendingChanged());
  return { guard, spendingChanged };
}

/**
 * Tells the renderer when the guard's state, message or counts moved; asks the database only while
 * some limit is set (without limits the state stays ok and the Studio reads counts on demand).
 */
function spendingEvents(guard: SpendingGuard, emit: (view: SpendingView) => void): () => void {
  let last = '';
  return () => {
    if (!guard.hasLimits()) {
      // Limits just removed: one last event says so; none after that.
      if (last !== '') emit(guard.view());
      last = '';
      return;
    }
    const view = guard.view();
    const key = JSON.stringify([
      view.state,
      view.message,
      view.overrideArmed,
      view.today.total,
      view.month.total,
      view.limits,
    ]);
    if (key === last) return;
    last = key;
    emit(view);
  };
}
