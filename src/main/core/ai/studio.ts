import {
  AI_IO,
  type AiCatalog,
  type AiGalleryPage,
  type AiJobDetail,
  type AiJobView,
  AiInputRef,
  type AiParams,
  type AiQueueView,
  type AiSubmitResult,
  type AiGalleryQuery as GalleryQuerySchema,
  type AiSubmitInput as SubmitSchema,
} from '../../../shared/ai';
import type { AssetView } from '../../../shared/library';
import { aiOperations, type AiOperation } from '../../../shared/profile';
import type { z } from 'zod';
import { fail } from '../errors';
import type { BlobStore } from '../library/files/blob-store';
import type { Library } from '../library/library';
import type { MetaStore } from '../meta-store';
import type { SessionTarget } from '../platform/session';
import { newId } from '../store/ids';
import type { RecordStore } from '../store/record-store';
import { libraryResultName } from './export-name';
import { resolveInput } from './inputs';
import { mediaProvenanceOf } from './provenance-embed';
import { jobView, parseJson, type JobRow, type JobStore } from './job-store';
import type { AiQueue } from './queue';
import { checkParams, fingerprint } from './template';

export interface StudioDeps {
  jobs: JobStore;
  queue: AiQueue;
  store: RecordStore;
  blobs: BlobStore;
  library: Library;
  meta: MetaStore;
  uploadsDir: string;
  /** Whether something outside the jobs and the library needs a media file (a kept backup does). */
  otherUses(sha: string): boolean;
  account(): string;
  target(): Promise<SessionTarget>;
  now(): number;
}

const RECENT_KEY = 'ai.recentModels';
const RECENT_MAX = 6;

type SubmitArgs = z.output<typeof SubmitSchema>;
type GalleryArgs = z.output<typeof GalleryQuerySchema>;

function profileKey(t: SessionTarget): string {
  return `${t.profile.id} ${t.baseUrl ?? ''}`;
}

/** Day bounds for date-only filters ("2026-11-21" means the whole day, local time). */
function dayBound(value: string, end: boolean): number {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = dateOnly ? new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}`).getTime() : Date.parse(value);
  if (!Number.isFinite(ms))
    fail('validation', `"${value}" is not a date.`, {
      issues: [{ path: end ? 'to' : 'from', message: 'Expected a date like 2026-11-21.' }],
    });
  return ms;
}

/** The AI studio's operations over jobs: submit, list, cancel, retry, reorder, save, remove. */
export class Studio {
  /** The operation and model this studio last made the most recent: submitting the same again reads nothing. */
  private lastRemembered: string | null = null;

  constructor(private readonly deps: StudioDeps) {}

  private recent(): Partial<Record<AiOperation, string[]>> {
    return this.deps.meta.get<Partial<Record<AiOperation, string[]>>>(RECENT_KEY) ?? {};
  }

  private remember(op: AiOperation, model: string): void {
    const key = `${op} ${model}`;
    if (key === this.lastRemembered) return;
    const all = this.recent();
    this.lastRemembered = key;
    if (all[op]?.[0] === model) return; // already the most recent: nothing to write
    all[op] = [model, ...(all[op] ?? []).filter((m) => m !== model)].slice(0, RECENT_MAX);
    this.deps.meta.set(RECENT_KEY, all);
  }

  async catalog(): Promise<AiCatalog> {
    const { profile } = await this.deps.target();
    const recent = this.recent();
    return {
      operations: aiOperations.map((operation) => {
        const spec = profile.ai[operation];
        const used = recent[operation] ?? [];
        return {
          operation,
          input: AI_IO[operation].input,
          output: AI_IO[operation].output,
          models: [...spec.models, ...used.filter((m) => !spec.models.includes(m))],
          recentModels: used,
          params: spec.params ?? [],
          media: spec.media,
        };
      }),
    };
  }

  /** `outputs` when the caller knows them (a job just added has none). */
  view(row: JobRow, outputs = this.deps.jobs.outputs(row.id)): AiJobView {
    const { queue } = this.deps;
    return jobView(row, outputs, {
      now: this.deps.now(),
      ...(queue.progressOf(row.id) && { progress: queue.progressOf(row.id) }),
      waiting: row.state === 'queued' ? this.waitingFor(row) : null,
    });
  }

  private waitingFor(row: JobRow): string | null {
    const general = this.deps.queue.waitingReason();
    const error = parseJson<{ code?: string; message?: string } | null>(row.error, null);
    // The platform's own words first when it refused the credential (a denied or expired key).
    if (general && error?.message && error.code === 'auth' && !this.deps.queue.isPaused())
      return `${error.message.replace(/[.\s]*$/, '.')} ${general}`;
    if (general) return general;
    if (row.not_before > this.deps.now()) {
      const at = new Date(row.not_before).toLocaleTimeString();
      return error?.message ? `${error.message} Tries again at ${at}.` : `Tries again at ${at}.`;
    }
    return null;
  }

  private row(id: string): JobRow {
    const row = this.deps.jobs.get(id);
    if (!row || row.account_id !== this.deps.account())
      fail('not_found', 'That AI job does not exist (it may have been removed).');
    return row;
  }

  async submit(input: SubmitArgs): Promise<AiSubmitResult> {
    const target = await this.deps.target();
    const spec = target.profile.ai[input.operation];
    const io = AI_IO[input.operation];
    const account = this.deps.account();
    const params: AiParams = checkParams(spec.params ?? [], input.params);
    const prompt = io.input === 'text' ? (input.prompt ?? '').trim() : input.prompt?.trim() || null;
    if (io.input === 'text' && !prompt)
      fail('validation', 'Write a prompt first.', { issues: [{ path: 'prompt', message: 'A prompt is required.' }] });
    let media = null;
    if (io.input !== 'text') {
      if (!input.input)
        fail('validation', 'Choose an input first: a library item, a file, or a result.', {
          issues: [{ path: 'input', message: 'A media input is required.' }],
        });
      media = await resolveInput(AiInputRef.parse(input.input), io.input, {
        store: this.deps.store,
        jobs: this.deps.jobs,
        blobs: this.deps.blobs,
        uploadsDir: this.deps.uploadsDir,
        account,
      });
      if (spec.media === 'url' && !media.url) {
        fail('validation', `This platform takes media by URL, and "${media.name}" is not on the platform yet.`, {
          hint: 'Use a result the platform produced as the input.',
        });
      }
    }
    const print = fingerprint(profileKey(target), {
      operation: input.operation,
      modelId: input.modelId,
      prompt,
      params,
      inputSha: media?.sha256 ?? null,
    });
    if (!input.force) {
      const cached = this.deps.jobs.cached(account, print);
      if (cached) return { kind: 'cached', job: this.view(cached) };
    }
    const id = newId();
    // On disk before the job is shown as queued (and before it is sent: the queue waits for it too).
    const row = await this.deps.jobs.durable(() =>
      this.deps.jobs.insert({
        id,
        account_id: account,
        operation: input.operation,
        model_id: input.modelId,
        prompt,
        params: JSON.stringify(params),
        input_sha256: media?.sha256 ?? null,
        input_name: media?.name ?? null,
        input_mime: media?.mimeType ?? null,
        input_kind: media?.kind ?? null,
        input_size: media?.size ?? null,
        input_url: media?.url ?? null,
        source_text: media?.describedBy ?? null,
        fingerprint: print,
        idempotency_key: `atelier-ai-${id}`,
        profile: target.profile.id,
        state: 'queued',
        position: this.deps.jobs.nextPosition(account),
        created_at: this.deps.now(),
      }),
    );
    this.remember(input.operation, input.modelId);
    this.deps.queue.kick();
    // The row as stored, answered by the insert; a new job has no outputs yet.
    return { kind: 'queued', job: this.view(row, []) };
  }

  /** The same settings again: inputs are already stored, so the new job refers to the same bytes. */
  async rerun(id: string, force: boolean): Promise<AiSubmitResult> {
    const row = this.row(id);
    const params = parseJson<AiParams>(row.params, {});
    if (row.input_sha256 === null)
      return this.submit({
        operation: row.operation,
        modelId: row.model_id,
        prompt: row.prompt ?? undefined,
        params,
        force,
      });
    const target = await this.deps.target();
    const account = this.deps.account();
    const print = fingerprint(profileKey(target), {
      operation: row.operation,
      modelId: row.model_id,
      prompt: row.prompt,
      params,
      inputSha: row.input_sha256,
    });
    if (!force) {
      const cached = this.deps.jobs.cached(account, print);
      if (cached) return { kind: 'cached', job: this.view(cached) };
    }
    if ((await this.deps.blobs.size(row.input_sha256)) === null)
      fail('not_found', 'The input of that job is missing from the data folder.', { hint: 'Choose the input again.' });
    const fresh = newId();
    const added = await this.deps.jobs.durable(() =>
      this.deps.jobs.insert({
        ...row,
        id: fresh,
        fingerprint: print,
        idempotency_key: `atelier-ai-${fresh}`,
        profile: target.profile.id,
        state: 'queued',
        position: this.deps.jobs.nextPosition(account),
        created_at: this.deps.now(),
      }),
    );
    this.deps.queue.kick();
    return { kind: 'queued', job: this.view(added, []) };
  }

  queueView(): AiQueueView {
    const account = this.deps.account();
    return {
      status: this.deps.queue.status(),
      active: this.deps.jobs.active(account).map((r) => this.view(r)),
      recent: this.deps.jobs.recent(account, 20).map((r) => this.view(r)),
    };
  }

  gallery(q: GalleryArgs): AiGalleryPage {
    const { rows, total, models } = this.deps.jobs.gallery({
      account: this.deps.account(),
      operation: q.operation,
      modelId: q.modelId,
      state: q.state,
      from: q.from ? dayBound(q.from, false) : undefined,
      to: q.to ? dayBound(q.to, true) : undefined,
      text: q.text,
      offset: q.offset,
      limit: q.limit,
    });
    return { items: rows.map((r) => this.view(r)), total, models };
  }

  get(id: string): AiJobDetail {
    const row = this.row(id);
    const view = this.view(row);
    const response = row.response === null ? null : parseJson<unknown>(row.response, row.response);
    return {
      ...view,
      provenance: {
        operation: row.operation,
        model_id: row.model_id,
        parameters: view.params,
        prompt: row.prompt,
        input_sha256: row.input_sha256 ? [row.input_sha256] : [],
        requested_at: row.requested_at === null ? null : new Date(row.requested_at).toISOString(),
        duration_ms: row.duration_ms,
        profile: row.profile,
        request: row.request === null ? null : parseJson<unknown>(row.request, row.request),
        response,
      },
    };
  }

  cancel(id: string): AiJobView {
    const row = this.row(id);
    if (row.state !== 'queued' && row.state !== 'running')
      fail('conflict', `That job has already ${row.state === 'succeeded' ? 'finished' : row.state}.`);
    // Marked first, so the runner's late answer cannot turn it into a success.
    this.deps.jobs.finish(id, 'cancelled', this.deps.now(), null);
    this.deps.queue.abort(id);
    this.deps.queue.kick();
    return this.view(this.row(id));
  }

  async retry(id: string): Promise<AiJobView> {
    const row = this.row(id);
    if (row.state !== 'failed' && row.state !== 'cancelled')
      fail('conflict', 'Only a failed or cancelled job can be retried.');
    // A job the platform accepted is asked about again for a whole deadline of the profile in use.
    const poll = (await this.deps.target()).profile.ai[row.operation].poll;
    this.deps.jobs.retry(id, this.deps.now(), poll?.deadlineMs ?? 0);
    this.deps.queue.kick();
    return this.view(this.row(id));
  }

  reorder(id: string, before: string | null): AiQueueView {
    const row = this.row(id);
    if (row.state !== 'queued') fail('conflict', 'Only a waiting job can be moved.');
    const waiting = this.deps.jobs.active(this.deps.account()).filter((r) => r.state === 'queued' && r.id !== id);
    let position: number;
    if (before === null) position = (waiting.at(-1)?.position ?? row.position) + 1;
    else {
      const at = waiting.findIndex((r) => r.id === before);
      if (at < 0) fail('not_found', 'The job to move it before is not waiting any more.');
      const next = waiting[at] as JobRow;
      const prev = waiting[at - 1];
      position = prev ? (prev.position + next.position) / 2 : next.position - 1;
    }
    this.deps.jobs.setPosition(id, position);
    return this.queueView();
  }

  async save(input: { id: string; output: number; name?: string | undefined; tags: string[] }): Promise<AssetView> {
    const row = this.row(input.id);
    const out = this.deps.jobs.output(input.id, input.output);
    if (!out) fail('not_found', 'That result has no media to save.');
    // Named from its prompt, unique in the library (sunset-over-the-bay-2.png).
    const name =
      input.name ??
      libraryResultName(
        (taken) => this.deps.library.nameTaken(taken),
        { prompt: row.prompt, operation: row.operation, inputName: row.input_name },
        out.mime_type,
      );
    const asset = await this.deps.library.importBlob(out.sha256, {
      name,
      tags: input.tags,
      notes:
        `Made with ${row.operation} (${row.model_id}) on ` +
        `${new Date(row.finished_at ?? row.created_at).toISOString().slice(0, 10)}.`,
      ...(row.prompt && { aiText: row.prompt }),
      // The library shows how it was made, as for an exported file imported again.
      provenance: mediaProvenanceOf(this.get(input.id)),
    });
    this.deps.jobs.setAsset(input.id, input.output, asset.id);
    return asset;
  }

  async remove(id: string): Promise<void> {
    const row = this.row(id);
    if (row.state === 'queued' || row.state === 'running') fail('conflict', 'Cancel the job before removing it.');
    const shas = [row.input_sha256, ...this.deps.jobs.outputs(id).flatMap((o) => [o.sha256, o.thumb_sha256])].filter(
      (s): s is string => s !== null,
    );
    this.deps.jobs.remove(id);
    for (const sha of new Set(shas)) {
      if (!this.deps.library.holdsFile(sha) && !this.deps.jobs.uses(sha) && !this.deps.otherUses(sha))
        await this.deps.blobs.remove(sha).catch(() => false);
    }
  }
}
