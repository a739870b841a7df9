import type { Channel } from '../../shared/channels';
import type { AiJobView, AiOperationView, AiQueueStatus } from '../../shared/ai';
import { AI_IO } from '../../shared/ai';
import type { AppError } from '../../shared/errors';
import type { AiOperation } from '../../shared/profile';
import type { AssetDetail, AssetView } from '../../shared/library';
import type { CalendarItem } from '../../shared/planner';
import type { ResourceGroup } from '../../shared/profile';
import type { RecordView } from '../../shared/records';
import { defaultSettings, type Settings } from '../../shared/settings';
import type { SyncStatus } from '../../shared/sync';

// Builders of valid contract data for the component tests: each gives a plain, believable value
// and takes what a test cares about as overrides (the fake checks every answer against the contract).

const AT = '2026-03-02T10:00:00.000Z';

export function asset(over: Partial<AssetView> & { id: string }): AssetView {
  return {
    name: `${over.id}.png`,
    kind: 'image',
    mimeType: 'image/png',
    sizeBytes: 2048,
    width: 640,
    height: 480,
    durationMs: null,
    tags: [],
    notes: '',
    altText: '',
    sha256: null,
    thumb: { state: 'none', sha256: null, reason: null },
    hasFile: true,
    createdAt: AT,
    updatedAt: AT,
    trashedAt: null,
    syncState: 'synced',
    ...over,
  };
}

export function assetDetail(over: Partial<AssetDetail> & { id: string }): AssetDetail {
  return { ...asset(over), aiText: '', provenance: null, usage: [], fields: {}, ...over };
}

export function record(
  group: ResourceGroup,
  id: string,
  fields: RecordView['fields'],
  over: Partial<RecordView> = {},
): RecordView {
  return {
    id,
    group,
    remoteId: null,
    version: null,
    fields,
    createdAt: AT,
    updatedAt: AT,
    deleted: false,
    syncState: 'synced',
    pending: 0,
    failed: null,
    ...over,
  };
}

/** A page of records as `records.list` answers it. */
export function records(items: RecordView[]) {
  return { items, total: items.length };
}

export function calendarItem(over: Partial<CalendarItem> & { id: string; at: string }): CalendarItem {
  return {
    group: 'posts',
    title: over.id,
    channel: null,
    targets: [],
    status: 'scheduled',
    planIds: [],
    assetIds: [],
    warnings: [],
    ...over,
  };
}

/** One operation as the catalog offers it (text to image takes a prompt; image operations an image). */
export function aiOperation(operation: AiOperation, over: Partial<AiOperationView> = {}): AiOperationView {
  return {
    operation,
    ...AI_IO[operation],
    models: ['flux-1', 'sdxl'],
    recentModels: [],
    params: [],
    media: AI_IO[operation].input === 'text' ? 'none' : 'base64',
    ...over,
  };
}

export function aiStatus(over: Partial<AiQueueStatus> = {}): AiQueueStatus {
  return { paused: false, concurrency: 2, queued: 0, running: 0, waiting: null, fraction: null, ...over };
}

export function aiJob(over: Partial<AiJobView> & { id: string }): AiJobView {
  return {
    operation: 'text2image',
    modelId: 'flux-1',
    prompt: 'A lighthouse at dawn',
    params: {},
    input: null,
    state: 'queued',
    position: 1,
    createdAt: AT,
    startedAt: null,
    finishedAt: null,
    elapsedMs: null,
    progress: { phase: 'waiting', fraction: null },
    waiting: null,
    error: null,
    attempts: 0,
    text: null,
    outputs: [],
    unknownShape: false,
    shapeNote: null,
    remoteJobId: null,
    ...over,
  };
}

export function settings(over: Partial<Settings> = {}): Settings {
  return { ...defaultSettings, ...over };
}

export function syncStatus(over: Partial<SyncStatus> = {}): SyncStatus {
  return {
    revision: 1,
    phase: 'idle',
    online: 'online',
    accountId: 'acct-1',
    groups: [],
    totals: { pending: 0, failed: 0, conflicts: 0 },
    progress: null,
    lastSyncAt: AT,
    message: null,
    nextAttemptAt: null,
    ...over,
  };
}

/** An AppError as the core sends it: a message for people and, usually, what to do about it. */
export function appError(over: Partial<AppError> = {}): AppError {
  return {
    code: 'storage',
    message: 'The database refused the change.',
    hint: 'Free some disk space and try again.',
    ...over,
  };
}

/** A channel as `channels.list` answers it (an Instagram feed channel with no slots, unless told). */
export function channelView(over: Partial<Channel> & { id: string; name: string }): Channel {
  const at = '2026-11-20T10:00:00.000Z';
  return {
    network: 'instagram-feed',
    handle: '',
    colour: '#336699',
    avatarAssetId: null,
    slots: [],
    rules: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}
