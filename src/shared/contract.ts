import { z } from 'zod';
import {
  AiCatalog,
  AiExportInput,
  AiExportReport,
  AiGalleryPage,
  AiGalleryQuery,
  AiJobDetail,
  AiJobIdInput,
  AiJobView,
  AiQueueStatus,
  AiQueueView,
  AiReorderInput,
  AiSaveInput,
  AiSubmitInput,
  AiSubmitResult,
  AiTeachInput,
  AiTeachPreview,
} from './ai';
import {
  BackupIdInput,
  BackupList,
  BackupView,
  ReplaceOutcome,
  RecoveryStatus,
  RescueView,
  RestorePreview,
  RecoveryReport,
} from './backups';
import type { Envelope } from './errors';
import {
  AutomationRun,
  AutomationRunInput,
  AutomationRunsInput,
  CalendarQuery,
  CalendarView,
  CreatedRecords,
  FromTemplateInput,
  ImportInput as PlannerImportInput,
  ImportPreview,
  ImportResult,
  ParseCsvInput,
  ParsedCsv,
  QueueAddInput,
  QueueItemView,
  QueueMoveInput,
  QueueView,
  RescheduleInput,
  CalendarItem,
  TemplatePreview,
  TemplatePreviewInput,
  WorkspaceExportInput,
  WorkspaceImportInput,
  WorkspaceTransfer,
} from './planner';
import {
  AssetDetail,
  AssetIdsInput,
  AssetUpdateInput,
  AssetView,
  ImportInput,
  ImportReport,
  ImportUploadsInput,
  LibraryPage,
  LibraryQuery,
  TagCount,
} from './library';
import { FixInput, FixJobIdInput, FixJobView } from './media-fix';
import { InboxCounts, InboxList, InboxListInput, InboxMarkReadInput } from './inbox';
import { PaletteResults, PaletteSearchInput } from './palette';
import { OpenApiProposal, ProposeFromOpenApiInput } from './openapi';
import { PostAiRequestView, PostAiRequestsInput, PostAiSettleInput, PostAiStartInput } from './post-ai';
import { ProfileSummary, ResourceGroup } from './profile';
import {
  RecordCreateInput,
  RecordDeleteInput,
  RecordGetInput,
  RecordList,
  RecordListInput,
  RecordUpdateInput,
  RecordView,
} from './records';
import { ConflictView, FailedChange, ResolveInput, SyncLogEntry, SyncStatus } from './sync';
import {
  Channel,
  ChannelCreateInput,
  ChannelIdInput,
  ChannelUpdateInput,
  NextSlot,
  NextSlotInput,
  SlotsQuery,
  SlotView,
} from './channels';
import {
  Snippet,
  SnippetCreateInput,
  SnippetIdInput,
  SnippetListInput,
  SnippetUpdateInput,
  SnippetUse,
  SnippetUseInput,
} from './snippets';
import { ConnectionCheckInput, ConnectionCheckResult } from './connection-check';
import { TeachListApplied, TeachListInput, TeachListPreview } from './teach-list';
import { ApiKeyInput, ConnectAccountInput, ConnectionView, SessionView, SignInInput } from './session';
import { Settings, SettingsPatch } from './settings';
import { SpendingView } from './ai-spending';
import { UpdateStatus } from './updates';

/** One IPC channel: its input and output schemas, whether it writes, and what it is for. */
export interface ChannelSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** Mutating channels run one at a time in the core. */
  mutates: boolean;
}

const channel = <I extends z.ZodType, O extends z.ZodType>(spec: ChannelSpec<I, O>): ChannelSpec<I, O> => spec;
const none = z.object({}).strict();

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  host: z.enum(['electron', 'web', 'test']),
  platform: z.string(),
  dataDir: z.string(),
  database: z.object({ path: z.string(), schemaVersion: z.number().int(), journalMode: z.string() }),
  versions: z.record(z.string(), z.string()),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const SecretsStatus = z.object({
  /** os: the OS keychain protects secrets; weak: only obfuscated; memory: kept for this run only. */
  protection: z.enum(['os', 'weak', 'memory']),
  /** Whether refresh tokens survive a restart with the current protection and consent. */
  persistent: z.boolean(),
  backend: z.string(),
});
export type SecretsStatus = z.infer<typeof SecretsStatus>;

/** The single source of truth for every renderer → main call. */
export const contract = {
  /** Name, versions, host and where data lives. */
  'app.info': channel({ input: none, output: AppInfo, mutates: false }),
  /** The current non-secret settings. */
  'settings.get': channel({ input: none, output: Settings, mutates: false }),
  /** Change some settings; returns all of them. */
  'settings.update': channel({ input: SettingsPatch, output: Settings, mutates: true }),
  /** How secrets are protected on this machine. */
  'secrets.status': channel({ input: none, output: SecretsStatus, mutates: false }),
  /**
   * Write a zip of logs, versions, settings and sync/queue summaries, secrets removed; '' when the dialog was
   * cancelled.
   */
  'app.exportDiagnostics': channel({
    input: z.object({ folder: z.string().min(1).max(4096).optional() }).strict(),
    output: z.object({ file: z.string() }),
    mutates: false,
  }),
  /** Where the application update is (disabled in development builds and browser mode). */
  'updates.status': channel({ input: none, output: UpdateStatus, mutates: false }),
  /** Look for a newer version now. */
  'updates.check': channel({ input: none, output: UpdateStatus, mutates: false }),
  /** Download the version found (when automatic download is off). */
  'updates.download': channel({ input: none, output: UpdateStatus, mutates: false }),
  // Not `mutates`: installing closes the core, which must not wait behind the write queue it is in.
  /** Save everything, then restart into the downloaded version. */
  'updates.install': channel({ input: none, output: UpdateStatus, mutates: false }),

  /** Which platform Atelier talks to, and whether first run is done. */
  'connection.get': channel({ input: none, output: ConnectionView, mutates: false }),
  /** "Try the sandbox": start the built-in sandbox and sign in to its demo account. */
  'connection.useSandbox': channel({ input: none, output: SessionView, mutates: true }),
  /** "Connect my account": the platform profile with the user's address and client credentials. */
  'connection.connectAccount': channel({ input: ConnectAccountInput, output: ConnectionView, mutates: true }),
  /** Replace the client ID and secret (stored encrypted, never shown again). */
  'connection.setClientCredentials': channel({
    input: ConnectAccountInput.pick({ clientId: true, clientSecret: true }).strict(),
    output: ConnectionView,
    mutates: true,
  }),
  /**
   * Try every element of the platform profile against the platform and report each as a checklist
   * line. Not `mutates`: with jobs it may run for minutes, and the session orders its own writes.
   */
  'connection.check': channel({ input: ConnectionCheckInput, output: ConnectionCheckResult, mutates: false }),
  /** Built-in and imported platform profiles. */
  'profile.list': channel({ input: none, output: z.array(ProfileSummary), mutates: false }),
  /** Import (or replace) a custom profile from JSON; errors name the exact field. */
  'profile.import': channel({
    input: z
      .object({
        json: z
          .string()
          .min(2)
          .max(512 * 1024),
      })
      .strict(),
    output: ProfileSummary,
    mutates: true,
  }),
  /** Use a profile (with its address, and the client ID and secret, when the profile has none). */
  'profile.select': channel({
    input: z
      .object({
        id: z.string().min(1).max(64),
        baseUrl: z
          .url({ protocol: /^https?$/, error: 'Enter the platform address, starting with https://' })
          .nullable()
          .optional(),
        clientId: z.string().trim().min(1, 'Enter the client ID').max(200).optional(),
        clientSecret: z.string().min(1, 'Enter the client secret').max(1024).optional(),
      })
      .strict()
      .refine((v) => (v.clientId === undefined) === (v.clientSecret === undefined), {
        message: 'Enter both the client ID and the client secret',
        path: ['clientSecret'],
      }),
    output: ConnectionView,
    mutates: true,
  }),
  /** A profile as JSON, to edit and import again. */
  'profile.export': channel({
    input: z.object({ id: z.string().min(1).max(64) }).strict(),
    output: z.object({ json: z.string() }),
    mutates: false,
  }),
  /**
   * Propose a profile from an OpenAPI 3.0/3.1 document (text, file or URL): found, guessed and missing fields; nothing
   * is saved.
   */
  'profile.proposeFromOpenApi': channel({ input: ProposeFromOpenApiInput, output: OpenApiProposal, mutates: false }),
  /**
   * The profile that reads a group's list where the user pointed in the answer the last check kept; nothing is saved.
   */
  'profile.teachListPreview': channel({ input: TeachListInput, output: TeachListPreview, mutates: false }),
  /**
   * Save and use that profile (same address: the session stays), then ask for the taught group's list again (GET only).
   */
  'profile.teachListApply': channel({ input: TeachListInput, output: TeachListApplied, mutates: true }),
  /** The session as the renderer may see it: never a token. */
  'session.get': channel({ input: none, output: SessionView, mutates: false }),
  /** Sign in with login and password. */
  'session.signIn': channel({ input: SignInInput, output: SessionView, mutates: true }),
  /** Sign out: tokens and keys are wiped. */
  'session.signOut': channel({ input: none, output: SessionView, mutates: true }),
  /** Make one authorized request to check the connection end to end. */
  'session.check': channel({
    input: none,
    output: z.object({ latencyMs: z.number(), checkedAt: z.string(), baseUrl: z.string() }),
    mutates: false,
  }),
  /** Use an API key (with its expiry date) instead of signing in. */
  'apiKey.set': channel({ input: ApiKeyInput, output: SessionView, mutates: true }),
  /** Forget the API key. */
  'apiKey.remove': channel({ input: none, output: SessionView, mutates: true }),

  /** Records of a group, newest change first. */
  'records.list': channel({ input: RecordListInput, output: RecordList, mutates: false }),
  'records.get': channel({ input: RecordGetInput, output: RecordView, mutates: false }),
  /** Create a record; it syncs through the outbox. */
  'records.create': channel({ input: RecordCreateInput, output: RecordView, mutates: true }),
  /** Change fields (merge patch: null removes a field). */
  'records.update': channel({ input: RecordUpdateInput, output: RecordView, mutates: true }),
  'records.delete': channel({ input: RecordDeleteInput, output: z.object({ id: z.string() }), mutates: true }),

  /** A window of the library (or its trash), filtered, searched and sorted. */
  'library.query': channel({ input: LibraryQuery, output: LibraryPage, mutates: false }),
  /** One asset with its AI text, every field and where it is used. */
  'library.get': channel({
    input: z.object({ id: z.string().min(1).max(200) }).strict(),
    output: AssetDetail,
    mutates: false,
  }),
  // Imports may take minutes; each file is its own transaction, so they run alongside other changes
  // instead of holding the one-at-a-time queue (a rename during a long import must not wait).
  /** Import files and folders by path (drag and drop in the app). */
  'library.import': channel({ input: ImportInput, output: ImportReport, mutates: false }),
  /** Ask the user for files or folders with the system dialog, then import them. */
  'library.importDialog': channel({ input: ImportInput.pick({ tags: true }), output: ImportReport, mutates: false }),
  /** Import files the browser uploaded to the local host (browser mode). */
  'library.importUploads': channel({ input: ImportUploadsInput, output: ImportReport, mutates: false }),
  /** Rename, tag, annotate. */
  'library.update': channel({ input: AssetUpdateInput, output: AssetView, mutates: true }),
  /** Move to the trash (restorable until emptied). */
  'library.trash': channel({ input: AssetIdsInput, output: z.object({ count: z.number().int() }), mutates: true }),
  'library.restore': channel({ input: AssetIdsInput, output: z.object({ count: z.number().int() }), mutates: true }),
  /** Delete what is in the trash for good. */
  'library.emptyTrash': channel({ input: none, output: z.object({ count: z.number().int() }), mutates: true }),
  /** Every tag with how many assets carry it. */
  'library.tags': channel({ input: none, output: z.array(TagCount), mutates: false }),

  /**
   * Crop, pad, resize or trim an asset into a new one (the original is never changed), as a job: answers at once
   * with it running; `media.fixChanged` tells its progress and end.
   */
  'media.fix': channel({ input: FixInput, output: FixJobView, mutates: true }),
  /** Stop a running fix; nothing it made is kept. */
  'media.fixCancel': channel({ input: FixJobIdInput, output: FixJobView, mutates: true }),
  /** The running fixes and the latest finished ones. */
  'media.fixJobs': channel({ input: none, output: z.array(FixJobView), mutates: false }),

  /** Online state, per-group counts, progress and why sync waits, if it does. */
  'sync.status': channel({ input: none, output: SyncStatus, mutates: false }),
  /** The activity log, newest first. */
  'sync.log': channel({
    input: z.object({ limit: z.int().min(1).max(1000).default(200) }).strict(),
    output: z.array(SyncLogEntry),
    mutates: false,
  }),
  /** Sync now (after the current cycle, if one runs). */
  'sync.now': channel({ input: none, output: SyncStatus, mutates: false }),
  'sync.setPaused': channel({ input: z.object({ paused: z.boolean() }).strict(), output: SyncStatus, mutates: true }),
  /** Changes the platform refused, with its message. */
  'sync.failed': channel({ input: none, output: z.array(FailedChange), mutates: false }),
  'sync.retry': channel({ input: z.object({ seq: z.int().min(1) }).strict(), output: SyncStatus, mutates: true }),
  /** Drop a refused change; the record returns to the platform's last agreed version. */
  'sync.discard': channel({ input: z.object({ seq: z.int().min(1) }).strict(), output: SyncStatus, mutates: true }),
  /** Records changed here and on the platform, both versions side by side. */
  'sync.conflicts': channel({ input: none, output: z.array(ConflictView), mutates: false }),
  'sync.resolve': channel({ input: ResolveInput, output: SyncStatus, mutates: true }),
  /** Answer a pull that would delete most of a group: allow it, or keep ours and send them again. */
  'sync.confirmMassDelete': channel({
    input: z.object({ group: ResourceGroup, choice: z.enum(['allow', 'keep']) }).strict(),
    output: SyncStatus,
    mutates: true,
  }),

  /** The eight operations as the current profile offers them: models (with recent ones), parameters, input kind. */
  'ai.catalog': channel({ input: none, output: AiCatalog, mutates: false }),
  /** Queue a job; an identical request that already succeeded is offered instead unless `force`. */
  'ai.submit': channel({ input: AiSubmitInput, output: AiSubmitResult, mutates: true }),
  /** The queue: waiting and running jobs in order, the latest finished ones, and its status. */
  'ai.queue': channel({ input: none, output: AiQueueView, mutates: false }),
  /** Gallery and history, filtered by operation, model, dates and text. */
  'ai.gallery': channel({ input: AiGalleryQuery, output: AiGalleryPage, mutates: false }),
  /** One job with its full provenance. */
  'ai.get': channel({ input: AiJobIdInput, output: AiJobDetail, mutates: false }),
  /** Cancel a waiting or running job (a running request is aborted). */
  'ai.cancel': channel({ input: AiJobIdInput, output: AiJobView, mutates: true }),
  /** Queue a failed or cancelled job again (it may be billed again). */
  'ai.retry': channel({ input: AiJobIdInput, output: AiJobView, mutates: true }),
  /** A new job with the same settings as an earlier one. */
  'ai.rerun': channel({
    input: AiJobIdInput.extend({ force: z.boolean().default(false) }),
    output: AiSubmitResult,
    mutates: true,
  }),
  /** Move a waiting job before another (or to the end). */
  'ai.reorder': channel({ input: AiReorderInput, output: AiQueueView, mutates: true }),
  /** Pause or resume the queue (running jobs finish; no new one starts while paused). */
  'ai.setPaused': channel({ input: z.object({ paused: z.boolean() }).strict(), output: AiQueueStatus, mutates: true }),
  /** How many jobs run at once (default 2). */
  'ai.setConcurrency': channel({
    input: z.object({ concurrency: z.int().min(1).max(8) }).strict(),
    output: AiQueueStatus,
    mutates: true,
  }),
  /** The spending guard: limits (kept in settings), counts today and this month per operation, its state. */
  'ai.spending': channel({ input: none, output: SpendingView, mutates: false }),
  /** "Run anyway once": exactly one more job starts past the limit. */
  'ai.spendingOverride': channel({ input: none, output: SpendingView, mutates: true }),
  /** Save a result's media output to the library, with tags. */
  'ai.save': channel({ input: AiSaveInput, output: AssetView, mutates: true }),
  /** Write results (media files, text as .txt, provenance as .json) to a folder. */
  'ai.export': channel({ input: AiExportInput, output: AiExportReport, mutates: false }),
  /** Remove a finished job from the history (its files go when nothing else uses them). */
  'ai.remove': channel({ input: AiJobIdInput, output: z.object({ id: z.string() }), mutates: true }),
  /**
   * The profile that would read a job's stored answer with one more mapping (field → media, text or job id), as a diff.
   */
  'ai.teachPreview': channel({ input: AiTeachInput, output: AiTeachPreview, mutates: false }),
  /**
   * Save that profile (a custom copy of a built-in one), use it, and read the stored answer again: nothing is re-run.
   */
  'ai.teachApply': channel({ input: AiTeachInput, output: AiJobDetail, mutates: true }),

  /** Posts and media queue items scheduled in a range, with slot and duplicate warnings. */
  /** The creator's channels (local records), by name. */
  'channels.list': channel({ input: none, output: z.array(Channel), mutates: false }),
  'channels.create': channel({ input: ChannelCreateInput, output: Channel, mutates: true }),
  /** Each field given replaces the stored one. */
  'channels.update': channel({ input: ChannelUpdateInput, output: Channel, mutates: true }),
  /** Posts that name it keep its id; it stays readable for them. */
  'channels.remove': channel({ input: ChannelIdInput, output: z.object({}), mutates: true }),
  /** The weekly slots of the channels (or one) in a range, each free or taken by an item within half an hour. */
  'channels.slots': channel({ input: SlotsQuery, output: z.array(SlotView), mutates: false }),
  /** The channel's next free slot after now (or a given instant). */
  'channels.nextSlot': channel({ input: NextSlotInput, output: NextSlot, mutates: false }),
  'planner.calendar': channel({ input: CalendarQuery, output: CalendarView, mutates: false }),
  /** Move a post or queue item to another time (drag on the calendar); answers with its new warnings. */
  'planner.reschedule': channel({ input: RescheduleInput, output: CalendarItem, mutates: true }),
  /** A copy of a post as a new draft (not scheduled). */
  'planner.duplicatePost': channel({
    input: z.object({ id: z.string().min(1).max(200) }).strict(),
    output: RecordView,
    mutates: true,
  }),
  /** The media queue in order. */
  'planner.queue': channel({ input: none, output: QueueView, mutates: false }),
  /** Add an asset, a creative or a post (its first media) at the end of the queue. */
  'planner.queueAdd': channel({ input: QueueAddInput, output: QueueItemView, mutates: true }),
  /** Move a queue item before another (null: to the end). */
  'planner.queueMove': channel({ input: QueueMoveInput, output: QueueView, mutates: true }),
  /** Take an item out of the queue. */
  'planner.queueRemove': channel({
    input: z.object({ id: z.string().min(1).max(200) }).strict(),
    output: QueueView,
    mutates: true,
  }),
  /** A template filled with sample values, and which variables it has and lacks. */
  'planner.templatePreview': channel({ input: TemplatePreviewInput, output: TemplatePreview, mutates: false }),
  /** Saved snippets (media templates marked as snippets), most used first; of one kind or matching words. */
  'snippets.list': channel({ input: SnippetListInput, output: z.array(Snippet), mutates: false }),
  'snippets.create': channel({ input: SnippetCreateInput, output: Snippet, mutates: true }),
  /** Each field given replaces the stored one. */
  'snippets.update': channel({ input: SnippetUpdateInput, output: Snippet, mutates: true }),
  'snippets.remove': channel({ input: SnippetIdInput, output: z.object({}), mutates: true }),
  /** Count one use (on this computer only) and answer with the body filled; unfilled variables are listed. */
  'snippets.use': channel({ input: SnippetUseInput, output: SnippetUse, mutates: true }),
  /** Posts or creatives from a template, one per row of values; a missing variable refuses them all. */
  'planner.fromTemplate': channel({ input: FromTemplateInput, output: CreatedRecords, mutates: true }),
  /** Read CSV text into rows keyed by the header. */
  'planner.parseCsv': channel({ input: ParseCsvInput, output: ParsedCsv, mutates: false }),
  /** What importing posts or plans from CSV/JSON would do, row by row, with each row's errors. */
  'planner.importPreview': channel({ input: PlannerImportInput, output: ImportPreview, mutates: false }),
  /** Import posts or plans; nothing is imported while a row is invalid unless `validOnly`. */
  'planner.import': channel({ input: PlannerImportInput, output: ImportResult, mutates: true }),
  /**
   * AI for a saved post, through the AI queue: an image for it (attached when the job succeeds, even with the
   * composer closed), alt text for one of its media, or a caption from its video (offered, never written over).
   */
  'planner.postAi': channel({ input: PostAiStartInput, output: PostAiRequestView, mutates: true }),
  /** A post's AI requests, newest first, with their state and words when one failed. */
  'planner.postAiRequests': channel({ input: PostAiRequestsInput, output: z.array(PostAiRequestView), mutates: false }),
  /** The person took or dismissed an offered caption. */
  'planner.postAiSettle': channel({ input: PostAiSettleInput, output: PostAiRequestView, mutates: true }),

  /** Write the whole workspace (records as JSON and media files) to a folder. */
  'workspace.export': channel({ input: WorkspaceExportInput, output: WorkspaceTransfer, mutates: false }),
  /** Restore an export into an empty workspace. */
  'workspace.import': channel({ input: WorkspaceImportInput, output: WorkspaceTransfer, mutates: true }),

  /** The backups of the database, newest first, with the folder and how many are kept. */
  'backups.list': channel({ input: none, output: BackupList, mutates: false }),
  // Not `mutates`: a backup copies while changes go on, and must not hold the one-at-a-time queue.
  /** Back up the database now (checked before it is listed). */
  'backups.create': channel({ input: none, output: BackupView, mutates: false }),
  /** Show the backups folder in the system's file manager (browser mode answers with the path only). */
  'backups.reveal': channel({
    input: none,
    output: z.object({ folder: z.string(), revealed: z.boolean() }),
    mutates: false,
  }),
  /** What restoring a backup would lose: changes since it by group and count, and the unsent ones by record. */
  'backups.preview': channel({ input: BackupIdInput, output: RestorePreview, mutates: false }),
  /** Put a backup in place of the database (kept aside, untouched) and reopen Atelier on it. */
  'backups.restore': channel({ input: BackupIdInput, output: ReplaceOutcome, mutates: true }),
  /** Whether the database is damaged, what was found and the newest good backup. */
  'recovery.status': channel({ input: none, output: RecoveryStatus, mutates: false }),
  /** Copy what can be read from the damaged database into a new one (the damaged file is kept beside it) and reopen. */
  'recovery.rescue': channel({ input: none, output: RescueView, mutates: true }),
  /** The last restore's unsent changes that were lost, until dismissed; null when there is nothing to show. */
  'recovery.report': channel({ input: none, output: RecoveryReport.nullable(), mutates: false }),
  /** The user has read the restore report: it is not shown again (the file stays in the backups folder). */
  'recovery.dismissReport': channel({ input: none, output: z.object({ dismissed: z.boolean() }), mutates: true }),

  /**
   * What happened, newest first: conflicts, refused changes, finished and failed jobs, key and session warnings,
   * reminders, mass-delete questions and imports, each read from where it lives; with the unread count.
   */
  'inbox.list': channel({ input: InboxListInput, output: InboxList, mutates: false }),
  /** Mark inbox items read (by id, or all of them); answers with the new counts. */
  'inbox.markRead': channel({ input: InboxMarkReadInput, output: InboxCounts, mutates: true }),
  /**
   * The command palette's search of posts, media, AI results, templates, snippets, channels and automations
   * of the signed-in account: a few of each, best first (deleted and trashed ones left out).
   */
  'palette.search': channel({ input: PaletteSearchInput, output: PaletteResults, mutates: false }),

  /** The automations' run log, newest first. */
  'automations.runs': channel({ input: AutomationRunsInput, output: z.array(AutomationRun), mutates: false }),
  /** Run an automation now, by hand. */
  'automations.run': channel({ input: AutomationRunInput, output: AutomationRun, mutates: true }),
} as const satisfies Record<string, ChannelSpec>;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export const channelNames = Object.keys(contract) as ChannelName[];

export type ChannelInput<C extends ChannelName> = z.input<Contract[C]['input']>;
export type ChannelArgs<C extends ChannelName> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Contract[C]['output']>;

/** What the core implements: one async function per channel. */
export type HandlerMap = {
  [C in ChannelName]: (input: ChannelArgs<C>) => Promise<ChannelOutput<C>> | ChannelOutput<C>;
};

/** The call side every transport exposes: one method per channel, result envelopes only. */
export type ChannelApi = {
  [C in ChannelName]: (input: ChannelInput<C>) => Promise<Envelope<ChannelOutput<C>>>;
};

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);
}

/** Largest serialised input accepted on any transport. */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;
