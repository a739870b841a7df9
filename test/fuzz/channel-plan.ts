// How each contract channel is fuzzed: which suite runs it (one core per suite) and which fields get
// hand-made arbitraries — files and folders confined to the run's temp folder, and text that parses.
import fc from 'fast-check';
import { z } from 'zod';
import { ChannelFields } from '../../src/shared/channels';
import { ChannelNetwork } from '../../src/shared/networks';
import type { ChannelName } from '../../src/shared/contract';
import { resourceGroups } from '../../src/shared/profile';
import { groupFields } from '../../src/shared/records';
import { pathArb, type Fence } from './confine';
import { csvText, documentText, jsonRowsText } from './documents';

export type Suite = 'account' | 'content';

export interface PlanContext {
  fence: Fence;
  /** Seeded media files and the folder holding them. */
  media: () => string[];
  /** Folders holding a workspace export. */
  exports: () => string[];
  /** OpenAPI documents copied under the fence. */
  openApiFiles: () => string[];
  /** Field names and words of the profile in use. */
  words: readonly string[];
  profileDoc: unknown;
  openApiDoc: unknown;
}

export interface ChannelPlan {
  suite: Suite;
  /** Arbitraries that replace the derived ones, by field path ("folder", "paths[]", "source.text"). */
  fields?: (ctx: PlanContext) => Record<string, fc.Arbitrary<unknown>>;
  /** Confine every string of the input as a path: the channel walks or writes whatever it is given. */
  confineAll?: boolean;
  /** Narrower schemas the handler applies next (a group's record fields): inputs shaped by them go deeper. */
  shapes?: () => z.ZodType[];
}

const id = z.string().min(1).max(200);
/** One input schema per group, its `fields` those the group's records must have. */
const perGroup = (extra: (group: keyof typeof groupFields) => z.ZodRawShape) => () =>
  resourceGroups.map((group) =>
    z.object({ group: z.literal(group), fields: groupFields[group], ...extra(group) }).strict(),
  );

const account: ChannelPlan = { suite: 'account' };
/** A channel on a network the rules know, so fuzzed creates get past the network check. */
const knownNetworkChannel = z.object({ fields: ChannelFields.extend({ network: ChannelNetwork }) }).strict();
const content: ChannelPlan = { suite: 'content' };
const folderOut: ChannelPlan['fields'] = (c) => ({ folder: pathArb(c.fence, () => [c.fence.root, ...c.media()]) });
const plannerText: ChannelPlan['fields'] = (c) => ({ text: fc.oneof(csvText(c.words), jsonRowsText(c.words)) });

/** Every channel of the contract (the type makes a new channel fail to compile until it is planned). */
export const channelPlans: Record<ChannelName, ChannelPlan> = {
  'app.info': account,
  'settings.get': account,
  'settings.update': account,
  'secrets.status': account,
  'app.exportDiagnostics': { suite: 'account', fields: folderOut, confineAll: true },
  'updates.status': account,
  'updates.check': account,
  'updates.download': account,
  'updates.install': account,
  'connection.get': account,
  'connection.useSandbox': account,
  'connection.connectAccount': account,
  'connection.setClientCredentials': account,
  // A check with runJobs sends one job per AI operation: kept rare, so 1,000 checks fit in CI.
  'connection.check': {
    suite: 'account',
    fields: () => ({
      runJobs: fc.oneof(
        { weight: 24, arbitrary: fc.constantFrom(false, undefined) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
    }),
  },
  'profile.list': account,
  'profile.import': { suite: 'account', fields: (c) => ({ json: documentText(c.profileDoc) }) },
  'profile.select': account,
  'profile.export': account,
  'profile.teachListPreview': account,
  'backups.list': account,
  'backups.create': account,
  'backups.reveal': account,
  'backups.preview': account,
  'backups.restore': account,
  'recovery.status': account,
  'recovery.rescue': account,
  'recovery.report': account,
  'recovery.dismissReport': account,
  'profile.teachListApply': account,
  'profile.proposeFromOpenApi': {
    suite: 'account',
    fields: (c) => ({ 'source.text': documentText(c.openApiDoc), 'source.path': pathArb(c.fence, c.openApiFiles) }),
  },
  'session.get': account,
  'session.signIn': account,
  'session.signOut': account,
  'session.check': account,
  'apiKey.set': account,
  'apiKey.remove': account,
  'records.list': account,
  'records.get': account,
  'records.create': { suite: 'account', shapes: perGroup(() => ({})) },
  'records.update': { suite: 'account', shapes: perGroup(() => ({ id })) },
  'records.delete': account,
  'sync.status': account,
  'sync.log': account,
  'sync.now': account,
  'sync.setPaused': account,
  'sync.failed': account,
  'sync.retry': account,
  'sync.discard': account,
  'sync.conflicts': account,
  'sync.resolve': { suite: 'account', shapes: perGroup(() => ({ id, keep: z.literal('merged') })) },
  'sync.confirmMassDelete': account,

  'library.query': content,
  'library.get': content,
  'library.import': { suite: 'content', fields: (c) => ({ 'paths[]': pathArb(c.fence, c.media) }), confineAll: true },
  'library.importDialog': content,
  'library.importUploads': content,
  'library.update': content,
  'library.trash': content,
  'library.restore': content,
  'library.emptyTrash': content,
  'library.tags': content,
  'ai.catalog': content,
  'ai.submit': { suite: 'content', fields: (c) => ({ 'input.path': pathArb(c.fence, c.media) }) },
  'ai.queue': content,
  'ai.gallery': content,
  'ai.get': content,
  'media.fix': content,
  'media.fixCancel': content,
  'media.fixJobs': content,
  'inbox.list': content,
  'inbox.markRead': content,
  'ai.cancel': content,
  'ai.retry': content,
  'ai.rerun': content,
  'ai.reorder': content,
  'ai.setPaused': content,
  'ai.setConcurrency': content,
  'ai.spending': content,
  'ai.spendingOverride': content,
  'ai.save': content,
  'ai.export': { suite: 'content', fields: folderOut, confineAll: true },
  'ai.remove': content,
  'ai.teachPreview': content,
  'ai.teachApply': content,
  'snippets.list': content,
  'snippets.create': content,
  'snippets.update': content,
  'snippets.remove': content,
  'snippets.use': content,
  'channels.list': content,
  'channels.create': { suite: 'content', shapes: () => [knownNetworkChannel] },
  'channels.update': content,
  'channels.remove': content,
  'channels.slots': content,
  'channels.nextSlot': content,
  'planner.calendar': content,
  'planner.reschedule': content,
  'planner.duplicatePost': content,
  'planner.queue': content,
  'planner.queueAdd': content,
  'planner.queueMove': content,
  'planner.queueRemove': content,
  'planner.templatePreview': content,
  'planner.fromTemplate': content,
  'planner.parseCsv': { suite: 'content', fields: (c) => ({ text: csvText(c.words) }) },
  'planner.importPreview': { suite: 'content', fields: plannerText },
  'planner.import': { suite: 'content', fields: plannerText },
  'planner.postAi': content,
  'planner.postAiRequests': content,
  'planner.postAiSettle': content,
  'workspace.export': { suite: 'content', fields: folderOut, confineAll: true },
  'workspace.import': { suite: 'content', fields: (c) => ({ folder: pathArb(c.fence, c.exports) }), confineAll: true },
  // Words from the profile and FTS syntax alike: nothing typed may reach the full-text index as syntax.
  'palette.search': {
    suite: 'content',
    fields: (c) => ({
      text: fc.oneof(fc.constantFrom('sunset', '"a*" OR', 'NEAR(x y)', ...c.words), fc.string({ maxLength: 200 })),
    }),
  },
  'automations.runs': content,
  'automations.run': content,
};
