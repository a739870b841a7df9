import type { Studio } from '../ai/studio';
import type { CoreModule, Kernel } from '../compose';
import type { Connection } from '../platform/connection';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';
import { AutomationEngine, type AutomationEvent } from './automations/engine';
import { contentHandlers } from './handlers-content';
import { scheduleHandlers } from './handlers-schedule';
import type { Channel } from '../../../shared/channels';
import type { NamedChannel } from '../../../shared/targets';
import type { ChannelNamed } from './channel-names';
import { PlannerImporter } from './import';
import { MediaQueue } from './media-queue';
import { Posts } from './posts';
import { PostsSql } from './posts-sql';
import { AssetSql } from '../library/library-sql';
import { checkPosts } from './post-checks';
import { Reminders } from './reminders';
import { Schedule, type ScheduleDeps } from './schedule';
import { Scheduled, type ScheduledRow } from './scheduled-sql';
import { snippetHandlers } from './handlers-snippets';
import { SnippetUsesSql } from './snippet-uses-sql';
import { Snippets } from './snippets';
import { Templates } from './templates';
import { WorkspaceTransfer, type TransferDeps } from './workspace-transfer';

export interface PlanningDeps extends Pick<
  Kernel,
  'deps' | 'meta' | 'now' | 'bus' | 'push' | 'damage' | 'notifier' | 'files'
> {
  store: RecordStore;
  workspace: Workspace;
  connection: Pick<Connection, 'profile'>;
  studio: Pick<Studio, 'submit'>;
  /** The rules a post's target follows (the channels'), for the calendar's pre-flight warnings. */
  targetRules: ScheduleDeps['targetRules'];
  /** A live channel with this name (any case), for imported and templated rows that name channels. */
  channelNamed: ChannelNamed;
  /** The live channel with this id, if any: automations post to channels chosen by id. */
  channelById: (id: string) => Channel | undefined;
  /** The channels a workspace export carries and a restore brings back. */
  channelStore: TransferDeps['channels'];
}

export interface Planning extends CoreModule {
  /** Live scheduled posts and queue items of the account with an instant in [fromMs, toMs), in time order. */
  scheduledBetween(fromMs: number, toMs: number): ScheduledRow[];
  /** Channels the account's posts and queue items name (targets, then old labels), each name once. */
  namedChannels(): NamedChannel[];
  automations: AutomationEngine;
  reminders: Reminders;
  queue: MediaQueue;
}

/**
 * The planner: schedule, media queue, templates, import and export, automations and reminders.
 * Automations hear imports and finished AI jobs; reminders follow the posts and the queue.
 */
export function createPlanning(d: PlanningDeps): Planning {
  const { deps, now, bus, store, workspace } = d;
  const account = () => workspace.account();
  const schedule = new Schedule({ store, workspace, targetRules: d.targetRules });
  const mediaQueue = new MediaQueue({ store, workspace, profile: () => d.connection.profile() });
  const posts = new Posts({ store, workspace });
  const templates = new Templates({ store, account, now, channelNamed: d.channelNamed });
  const snippets = new Snippets({ store, uses: new SnippetUsesSql(store.db), account, now });
  const importer = new PlannerImporter({ store, account, channelNamed: d.channelNamed });
  const transfer = new WorkspaceTransfer({ store, blobs: d.files.blobs, account, now, channels: d.channelStore });
  const automations = new AutomationEngine({
    store,
    account,
    now,
    templates,
    channelById: d.channelById,
    channelNamed: d.channelNamed,
    queueAdd: (source, note) => mediaQueue.add({ source, ...(note !== undefined && { note }) }),
    submitAi: (input) => d.studio.submit(input),
    onRan: (automationIds) => d.push.emit('automations.changed', { automationIds }),
    logger: deps.logger,
  });
  const runAutomations = (event: AutomationEvent): void => {
    if (d.damage.current()) return;
    automations
      .handle(event)
      .catch((e: unknown) => deps.logger.error('automations failed', { event: event.type, error: e }));
  };
  const assetFacts = new AssetSql(store.db);
  const reminders = new Reminders({
    store,
    workspace,
    meta: d.meta,
    notifier: d.notifier,
    clock: deps.clock,
    logger: deps.logger,
    onDue: (group, id) => runAutomations({ type: 'scheduled_time', group, id }),
    check: (row) => dueChecks(row, d.targetRules, assetFacts),
  });
  bus.on('library.imported', ({ assets }) => {
    for (const a of assets) runAutomations({ type: 'asset_imported', assetId: a.id, name: a.name, tags: a.tags });
  });
  bus.on('ai.jobSucceeded', ({ jobId, operation, prompt }) =>
    runAutomations({ type: 'ai_job_succeeded', jobId, operation, prompt }),
  );
  bus.on('session.changed', () => reminders.replan());
  bus.on('records.changed', ({ group }) => {
    if (group === 'posts' || group === 'mediaQueue') reminders.replan();
  });
  d.damage.onTrip(() => reminders.close());
  const scheduled = new Scheduled(store.db);
  const postsSql = new PostsSql(store.db);
  const namedChannels = () => {
    const named = postsSql.targetChannels(account());
    const seen = new Set(named.map((n) => n.name.toLowerCase()));
    for (const label of postsSql.channels(account()))
      if (!seen.has(label.toLowerCase())) named.push({ id: null, network: null, name: label, handle: '' });
    return named;
  };
  return {
    name: 'planning',
    scheduledBetween: (fromMs, toMs) => scheduled.between(account(), fromMs, toMs),
    namedChannels,
    automations,
    reminders,
    queue: mediaQueue,
    handlers: {
      ...scheduleHandlers({ schedule, queue: mediaQueue, posts }),
      ...contentHandlers({ templates, importer, transfer, automations, dialogs: deps.dialogs }),
      ...snippetHandlers(snippets),
    },
    start: () => reminders.start(),
    close: () => reminders.close(),
  };
}

/** What a post that comes due breaks on its channels, in words (nothing when no rules are known). */
function dueChecks(row: ScheduledRow, rulesOf: ScheduleDeps['targetRules'], assets: AssetSql): string[] {
  if (!rulesOf) return [];
  const checks = checkPosts([row], { rulesOf, facts: (ids) => assets.facts(ids) });
  return (checks.get(`posts:${row.id}`) ?? []).map((w) => w.message);
}
