import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AppError } from '../../../../shared/errors';
import type { AssetDetail, AssetView } from '../../../../shared/library';
import type { FixArgs, FixJobView, FixState } from '../../../../shared/media-fix';
import { AppException, fail, toAppError } from '../../errors';
import type { Logger } from '../../ports';
import type { DerivedMedia } from '../../library/library';
import type { Fields } from '../../store/fields';
import type { PreviewStore, StoredPreview } from '../describe';
import type { MediaTools } from '../media-tools';
import { checkFix, type CheckedFix } from './fix-checks';
import { produceImage, produceVideo, type Produced } from './fix-run';
import { Phases, type PhaseTime } from './phases';

/** What the fixes need of the library: read an asset, find its file, add the new one. */
export interface FixLibrary {
  get(id: string): AssetDetail;
  blobPath(sha: string): string | null;
  addDerived(
    from: { file: string; move?: boolean } | { data: Buffer },
    input: {
      name: string;
      tags: string[];
      fields: Fields;
      media: DerivedMedia;
      preview?: Promise<StoredPreview>;
      signal?: AbortSignal;
    },
  ): Promise<{ asset: AssetView; existed: boolean }>;
}

export interface FixJobsDeps {
  library: FixLibrary;
  tools(): Promise<MediaTools>;
  now(): number;
  logger: Logger;
  /** Where a video's new file is written before it is stored (the media store's temp folder: it is moved in). */
  tempDir: string;
  /** Where a preview the fix made is stored. */
  previews: PreviewStore;
  /** A job started, moved on or ended (progress at most every PROGRESS_MS). */
  changed(view: FixJobView): void;
}

interface Job {
  view: FixJobView;
  controller: AbortController;
  done: Promise<FixJobView>;
  lastPushed: number;
  phases: Phases;
}

/** How many finished jobs are remembered for the screens. */
const KEPT_FINISHED = 50;
/** Progress is told at most this often. */
const PROGRESS_MS = 200;
/** Fixes run at once (each may hold a large picture in memory or keep ffmpeg busy); the others wait. */
export const FIXES_AT_ONCE = 2;

const live = (state: FixState) => state === 'queued' || state === 'running';

const CANCELLED: AppError = { code: 'conflict', message: 'The fix was cancelled; nothing was made.' };
const CLOSING: AppError = { code: 'conflict', message: 'Atelier is closing, so the fix stopped; nothing was made.' };

/**
 * Crops, pads, resizes and trims as jobs: each runs in the background with progress, can be cancelled,
 * and ends with a new asset naming its source and the operation, or with nothing at all.
 */
export class FixJobs {
  private readonly jobs = new Map<string, Job>();
  private closed = false;
  private runningNow = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly deps: FixJobsDeps) {}

  /** Checks the fix (in words, before anything runs) and starts it; answers with the running job. */
  async start(input: FixArgs): Promise<FixJobView> {
    if (this.closed) throw new AppException(CLOSING);
    const phases = new Phases();
    const asset = this.deps.library.get(input.assetId);
    const fix = checkFix(input, asset, (sha) => this.deps.library.blobPath(sha), await this.deps.tools());
    phases.mark('check');
    const at = new Date(this.deps.now()).toISOString();
    const view: FixJobView = {
      id: randomUUID(),
      operation: input.operation,
      sourceAssetId: asset.id,
      state: this.runningNow < FIXES_AT_ONCE ? 'running' : 'queued',
      progress: null,
      startedAt: at,
      endedAt: null,
      result: null,
      error: null,
    };
    const job: Job = { view, controller: new AbortController(), done: Promise.resolve(view), lastPushed: 0, phases };
    this.jobs.set(view.id, job);
    job.done = this.run(job, fix);
    this.deps.changed({ ...view });
    return { ...view };
  }

  /** Stops a running job; what it made so far is removed. */
  cancel(id: string): FixJobView {
    const job = this.job(id);
    if (!live(job.view.state))
      fail('conflict', `That fix has already ${job.view.state === 'succeeded' ? 'finished' : job.view.state}.`);
    job.controller.abort(new AppException(CANCELLED));
    return { ...job.view };
  }

  /** Running jobs first, then the latest finished ones. */
  list(): FixJobView[] {
    const views = [...this.jobs.values()].map((j) => ({ ...j.view }));
    return [...views.filter((v) => live(v.state)), ...views.filter((v) => !live(v.state)).reverse()];
  }

  /** How long each step of the job took so far (check, wait, prepare, tool, store), in order. */
  phases(id: string): PhaseTime[] {
    return this.job(id).phases.list();
  }

  /** The job once it has ended. */
  done(id: string): Promise<FixJobView> {
    return this.job(id).done;
  }

  /** Stops every running job and waits until each has cleaned up. */
  async close(): Promise<void> {
    this.closed = true;
    const running = [...this.jobs.values()].filter((j) => live(j.view.state));
    for (const job of running) job.controller.abort(new AppException(CLOSING));
    await Promise.allSettled(running.map((j) => j.done));
  }

  private job(id: string): Job {
    const job = this.jobs.get(id);
    if (!job) fail('not_found', 'That fix is not known (it may have finished long ago, or Atelier restarted).');
    return job;
  }

  private async run(job: Job, fix: CheckedFix): Promise<FixJobView> {
    const { signal } = job.controller;
    const ctx = {
      signal,
      tempDir: this.deps.tempDir,
      progress: (f: number) => this.progress(job, f),
      phase: (name: string) => job.phases.mark(name),
    };
    let produced: Produced | null = null;
    let slot = false;
    try {
      slot = await this.slot(job);
      job.phases.mark('wait');
      produced = fix.kind === 'image' ? await produceImage(fix, ctx) : await produceVideo(fix, ctx);
      signal.throwIfAborted();
      const preview = produced.preview?.(this.deps.previews);
      // Awaited by the library; a library that refuses at once (closing) must not leave it unhandled.
      preview?.catch(() => {});
      const result = await this.deps.library.addDerived(produced.from, {
        name: produced.name,
        tags: fix.asset.tags,
        fields: this.provenance(fix, produced),
        media: produced.media,
        ...(preview && { preview }),
        signal,
      });
      job.phases.mark('store');
      this.end(job, 'succeeded', { result, progress: 1 });
    } catch (e) {
      if (signal.aborted) this.end(job, 'cancelled', { error: toAppError(signal.reason).error });
      else {
        const { error, known } = toAppError(e);
        if (!known) this.deps.logger.error('a media fix failed', { operation: fix.input.operation, error: e });
        this.end(job, 'failed', { error });
      }
    } finally {
      if (slot) this.release();
      if (produced && 'file' in produced.from) await fs.rm(produced.from.file, { force: true }).catch(() => {});
    }
    return { ...job.view };
  }

  /** The new asset's link to its source (a reference field, so sync maps it) and what was done to it. */
  private provenance(fix: CheckedFix, produced: Produced): Fields {
    const { assetId: _asset, operation, ...asked } = fix.input;
    return {
      source_asset_id: fix.asset.id,
      // The same picture, framed otherwise: what it shows is still described by its alt text.
      ...(fix.asset.altText !== '' && { alt_text: fix.asset.altText }),
      provenance: {
        operation,
        params: { ...asked, ...produced.params },
        // The source's content and name as they were; the record itself is `source_asset_id` (which sync maps).
        source: { sha256: fix.asset.sha256, name: fix.asset.name },
        tool: produced.tool,
        at: new Date(this.deps.now()).toISOString(),
      },
    };
  }

  /** Waits for one of the FIXES_AT_ONCE places (true once it has one); an abort while waiting ends the wait. */
  private async slot(job: Job): Promise<boolean> {
    const { signal } = job.controller;
    while (this.runningNow >= FIXES_AT_ONCE) {
      signal.throwIfAborted();
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal.removeEventListener('abort', wake);
          resolve();
        };
        this.waiting.push(wake);
        signal.addEventListener('abort', wake, { once: true });
      });
    }
    signal.throwIfAborted();
    this.runningNow++;
    if (job.view.state === 'queued') {
      job.view.state = 'running';
      this.deps.changed({ ...job.view });
    }
    return true;
  }

  private release(): void {
    this.runningNow--;
    // Every waiter looks again (one that was cancelled meanwhile just leaves).
    for (const wake of this.waiting.splice(0)) wake();
  }

  private progress(job: Job, fraction: number): void {
    if (job.view.state !== 'running') return;
    job.view.progress = Math.max(job.view.progress ?? 0, Math.min(1, fraction));
    const now = this.deps.now();
    if (now - job.lastPushed < PROGRESS_MS) return;
    job.lastPushed = now;
    this.deps.changed({ ...job.view });
  }

  private end(job: Job, state: FixState, change: Partial<FixJobView>): void {
    Object.assign(job.view, change, { state, endedAt: new Date(this.deps.now()).toISOString() });
    this.deps.changed({ ...job.view });
    const finished = [...this.jobs.values()].filter((j) => j.view.state !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_FINISHED))) this.jobs.delete(old.view.id);
  }
}
