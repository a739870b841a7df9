import { z } from 'zod';
import { AppError } from './errors';
import { AiOperation, AiParamSpec } from './profile';

export { AiParamSpec };

export const AiJobState = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type AiJobState = z.infer<typeof AiJobState>;

export const AiMediaKind = z.enum(['image', 'video', 'audio']);
export type AiMediaKind = z.infer<typeof AiMediaKind>;

/** What an operation takes and makes (the form is chosen from `input`). */
export const AiInputKind = z.enum(['text', 'image', 'video', 'audio']);
export const AiOutputKind = z.enum(['text', 'image', 'video']);

/** What each operation reads and produces, from its name. */
export const AI_IO: Record<AiOperation, { input: z.infer<typeof AiInputKind>; output: z.infer<typeof AiOutputKind> }> =
  {
    image2image: { input: 'image', output: 'image' },
    image2text: { input: 'image', output: 'text' },
    image2video: { input: 'image', output: 'video' },
    text2image: { input: 'text', output: 'image' },
    text2video: { input: 'text', output: 'video' },
    video2text: { input: 'video', output: 'text' },
    video2video: { input: 'video', output: 'video' },
    wave2text: { input: 'audio', output: 'text' },
  };

export const AiParamValue = z.union([z.number().finite(), z.string().max(4000), z.boolean()]);
export const AiParams = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/), AiParamValue);
export type AiParams = z.infer<typeof AiParams>;

/** One operation as the studio offers it under the current profile. */
export const AiOperationView = z.object({
  operation: AiOperation,
  input: AiInputKind,
  output: AiOutputKind,
  /** Models the profile lists, then the user's recent ones not in that list. */
  models: z.array(z.string()),
  recentModels: z.array(z.string()),
  params: z.array(AiParamSpec),
  /** How media goes in the body: inline base64, a URL the platform can fetch, or none (text input). */
  media: z.enum(['base64', 'url', 'none']),
});
export type AiOperationView = z.infer<typeof AiOperationView>;

export const AiCatalog = z.object({ operations: z.array(AiOperationView) });
export type AiCatalog = z.infer<typeof AiCatalog>;

const id = z.string().min(1).max(200);

/** Where a media input comes from: a library asset, a file on this computer, a browser upload, or an earlier result. */
export const AiInputRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('asset'), assetId: id }).strict(),
  z.object({ kind: z.literal('file'), path: z.string().min(1).max(4096) }).strict(),
  z.object({ kind: z.literal('upload'), id, name: z.string().min(1).max(500) }).strict(),
  z.object({ kind: z.literal('result'), jobId: id, output: z.int().min(0).max(100).default(0) }).strict(),
]);
export type AiInputRef = z.input<typeof AiInputRef>;

export const AiSubmitInput = z
  .object({
    operation: AiOperation,
    modelId: z.string().trim().min(1).max(200),
    prompt: z.string().trim().max(4000).optional(),
    input: AiInputRef.optional(),
    params: AiParams.default({}),
    /** Run even when an identical request already succeeded ("run again"). */
    force: z.boolean().default(false),
  })
  .strict();
export type AiSubmitInput = z.input<typeof AiSubmitInput>;

/** The stored copy of a media input (content-addressed like library files). */
export const AiInputView = z.object({
  sha256: z.string(),
  name: z.string(),
  mimeType: z.string(),
  kind: AiMediaKind,
  sizeBytes: z.number().int(),
});
export type AiInputView = z.infer<typeof AiInputView>;

export const AiOutputView = z.object({
  index: z.int(),
  kind: AiMediaKind,
  sha256: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** A still for video outputs (poster frame), when ffmpeg could make one. */
  thumbSha256: z.string().nullable(),
  /** Library asset made from this output, when saved. */
  assetId: z.string().nullable(),
});
export type AiOutputView = z.infer<typeof AiOutputView>;

export const AiProgress = z.object({
  /** `polling`: an asynchronous job the platform accepted; Atelier asks about it now and then. */
  phase: z.enum(['waiting', 'sending', 'generating', 'polling', 'receiving', 'done']),
  /** 0..1 when known (bytes sent or received), null for an indeterminate bar. */
  fraction: z.number().min(0).max(1).nullable(),
});
export type AiProgress = z.infer<typeof AiProgress>;

export const AiJobView = z.object({
  id: z.string(),
  operation: AiOperation,
  modelId: z.string(),
  prompt: z.string().nullable(),
  params: AiParams,
  input: AiInputView.nullable(),
  state: AiJobState,
  /** Order among waiting jobs (lower runs first). */
  position: z.number(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Time spent running (so far, for a running job), ms. */
  elapsedMs: z.number().int().nullable(),
  progress: AiProgress,
  /** Why a queued job is not running yet, in words (offline, signed out, paused, rate limited…). */
  waiting: z.string().nullable(),
  error: AppError.nullable(),
  attempts: z.number().int(),
  text: z.string().nullable(),
  outputs: z.array(AiOutputView),
  /** The answer had a shape Atelier does not know: it is kept raw (see the job's provenance). */
  unknownShape: z.boolean(),
  /** Why the answer was kept raw, in words (which profile path found nothing, a refused address). */
  shapeNote: z.string().nullable(),
  /** The platform's id of an asynchronous job, once it accepted it (it is never submitted again). */
  remoteJobId: z.string().nullable(),
});
export type AiJobView = z.infer<typeof AiJobView>;

/** Everything that produced a result, for the provenance panel ("copy" gives this as JSON). */
export const AiProvenance = z.object({
  operation: AiOperation,
  model_id: z.string(),
  parameters: AiParams,
  prompt: z.string().nullable(),
  input_sha256: z.array(z.string()),
  requested_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  profile: z.string(),
  /** The request body as sent, with media data replaced by its hash. */
  request: z.unknown(),
  /** The platform's answer as received. */
  response: z.unknown(),
});
export type AiProvenance = z.infer<typeof AiProvenance>;

export const AiJobDetail = AiJobView.extend({ provenance: AiProvenance });
export type AiJobDetail = z.infer<typeof AiJobDetail>;

export const AiSubmitResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('queued'), job: AiJobView }),
  /** An identical request already succeeded: its result is offered first ("use the saved result" / "run again"). */
  z.object({ kind: z.literal('cached'), job: AiJobView }),
]);
export type AiSubmitResult = z.infer<typeof AiSubmitResult>;

export const AiQueueStatus = z.object({
  paused: z.boolean(),
  concurrency: z.int(),
  queued: z.int(),
  running: z.int(),
  /** Why queued jobs wait (offline, signed out, rate limited until…), null when they may run. */
  waiting: z.string().nullable(),
  /** Running jobs' progress, for an overall indicator: mean of known fractions, null if none known. */
  fraction: z.number().min(0).max(1).nullable(),
});
export type AiQueueStatus = z.infer<typeof AiQueueStatus>;

/** The job queue: what is waiting or running, in order, and the latest finished jobs. */
export const AiQueueView = z.object({ status: AiQueueStatus, active: z.array(AiJobView), recent: z.array(AiJobView) });
export type AiQueueView = z.infer<typeof AiQueueView>;

/** Gallery and history filters. */
export const AiGalleryQuery = z
  .object({
    operation: AiOperation.optional(),
    modelId: z.string().max(200).optional(),
    /** Full text over prompts and produced text; words match as prefixes. */
    text: z.string().max(500).optional(),
    /** ISO dates (inclusive), on when the job was created. */
    from: z.string().max(40).optional(),
    to: z.string().max(40).optional(),
    state: AiJobState.optional(),
    offset: z.int().min(0).default(0),
    limit: z.int().min(1).max(500).default(100),
  })
  .strict();
export type AiGalleryQuery = z.input<typeof AiGalleryQuery>;

export const AiGalleryPage = z.object({ items: z.array(AiJobView), total: z.int(), models: z.array(z.string()) });
export type AiGalleryPage = z.infer<typeof AiGalleryPage>;

export const AiJobIdInput = z.object({ id }).strict();

export const AiReorderInput = z
  .object({
    id,
    /** Run before this waiting job; null moves it to the end. */
    before: id.nullable(),
  })
  .strict();

export const AiSaveInput = z
  .object({
    id,
    output: z.int().min(0).max(100).default(0),
    /** Up to 1,024 characters reach the library's intake, which says in words when a name is too long. */
    name: z.string().trim().min(1).max(1024).optional(),
    tags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  })
  .strict();
export type AiSaveInput = z.input<typeof AiSaveInput>;

export const AiExportInput = z
  .object({
    ids: z.array(id).min(1).max(1000),
    /** Folder to write into; the desktop app asks with a dialog when absent. */
    folder: z.string().min(1).max(4096).optional(),
  })
  .strict();
export type AiExportInput = z.input<typeof AiExportInput>;

export const AiExportReport = z.object({ folder: z.string(), files: z.array(z.string()) });
export type AiExportReport = z.infer<typeof AiExportReport>;

/** What a field of a raw answer holds, as the user says when teaching Atelier to read it. */
export const AiTeachRole = z.enum(['media', 'text', 'jobId']);
export type AiTeachRole = z.infer<typeof AiTeachRole>;

export const AiTeachInput = z
  .object({
    jobId: id,
    role: AiTeachRole,
    /** The field in the stored answer, as a field path ("result.images.*.b64"). */
    path: z.string().min(1).max(300),
  })
  .strict();
export type AiTeachInput = z.input<typeof AiTeachInput>;

/** The profile Atelier would save: its id, the changed lines, and the whole JSON. */
export const AiTeachPreview = z.object({
  profileId: z.string(),
  profileName: z.string(),
  /** A copy of a built-in profile is made; else a new revision of the custom one in use. */
  copy: z.boolean(),
  /** Line diff of the pretty JSON: "  " unchanged, "- " removed, "+ " added, "…" skipped lines. */
  diff: z.array(z.string()),
  json: z.string(),
  /** Something to know before saving (a job id without poll settings does nothing yet), or null. */
  note: z.string().nullable(),
});
export type AiTeachPreview = z.infer<typeof AiTeachPreview>;

/** Jobs changed (state, progress, order) and the queue's summary. */
export const AiChanged = z.object({
  ids: z.array(z.string()).nullable(),
  status: AiQueueStatus,
  /** Only the running jobs' progress moved: lists (the gallery) need not be fetched again. */
  progressOnly: z.boolean(),
});
export type AiChanged = z.infer<typeof AiChanged>;
