import { AI_IO, type AiJobDetail, type AiOperationView, type AiParams } from '../../../shared/ai';
import type { AiOperation } from '../../../shared/profile';
import { ratioValue, type PostAiKind, type PostAiRequestView, type PostAiStartInput } from '../../../shared/post-ai';
import { ALT_TEXT_MAX } from '../../../shared/records';
import { contentFor, PostTarget, targetsOf } from '../../../shared/targets';
import type { z } from 'zod';
import type { Studio } from '../ai/studio';
import type { Db } from '../db/open';
import { AppException, fail } from '../errors';
import type { Library } from '../library/library';
import type { Logger } from '../ports';
import { newId } from '../store/ids';
import type { RecordStore } from '../store/record-store';
import { parseFields } from '../store/fields';
import type { Workspace } from '../store/workspace';
import { PostAiSql, type PostAiOutcome, type PostAiRow } from './post-ai-sql';

type StartArgs = z.output<typeof PostAiStartInput>;

export interface PostAiDeps {
  db: Db;
  store: RecordStore;
  workspace: Workspace;
  studio: Pick<Studio, 'submit' | 'get' | 'save' | 'catalog'>;
  library: Pick<Library, 'update' | 'get'>;
  now(): number;
  logger: Logger;
  /** A post's requests changed (the composer looks again). */
  changed(postIds: string[]): void;
}

const OPERATION: Record<PostAiKind, AiOperation> = {
  image: 'text2image',
  altText: 'image2text',
  caption: 'video2text',
};

const kindWords = (kind: string) => (/^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`);
const iso = (ms: number) => new Date(ms).toISOString();

export function requestView(r: PostAiRow): PostAiRequestView {
  return {
    id: r.id,
    postId: r.post_id,
    kind: r.kind,
    channelId: r.channel_id,
    assetId: r.asset_id,
    jobId: r.job_id,
    state: r.state,
    aspect: r.aspect,
    resultAssetId: r.result_asset_id,
    text: r.result_text,
    error: r.error,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The model the Studio would start with: the most recent one used for the operation, else the profile's first. */
export function defaultModel(op: Pick<AiOperationView, 'models' | 'recentModels'>): string | null {
  return op.recentModels[0] ?? op.models[0] ?? null;
}

/**
 * The size parameters for an aspect ratio, when the operation takes a width and a height: the longer side
 * keeps the profile's default longer side (within its limits), the other follows the ratio.
 */
export function aspectParams(op: Pick<AiOperationView, 'params'>, aspect: string | null): AiParams {
  const value = aspect === null ? null : ratioValue(aspect);
  if (value === null) return {};
  const byName = new Map(op.params.map((p) => [p.name, p]));
  const ratioParam = byName.get('aspect_ratio');
  if (ratioParam?.type === 'text') return { aspect_ratio: aspect ?? '' };
  const w = byName.get('width');
  const h = byName.get('height');
  if (w?.type !== 'integer' || h?.type !== 'integer') return {};
  const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
  const long = Math.max(num(w.default, 1024), num(h.default, 1024));
  const clamp = (n: number, spec: typeof w) =>
    Math.round(Math.min(num(spec.max, Infinity), Math.max(num(spec.min, 1), n)));
  return value >= 1
    ? { width: clamp(long, w), height: clamp(long / value, h) }
    : { width: clamp(long * value, w), height: clamp(long, h) };
}

/** Cut at a word boundary to at most `max` characters (alt text the networks take). */
export function cutWords(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * AI asked for from a post. Each request is an AI job whose result the core attaches when it succeeds —
 * an image to the post's (or a channel's) media, alt text to the media's asset, a caption offered for the
 * person to take — whenever that is: the composer may be closed, the app restarted meanwhile. A request
 * is settled once (its row's state moves from `waiting` once); a failed job leaves the post as it was.
 */
export class PostAi {
  private readonly sql: PostAiSql;
  private readonly inFlight = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly d: PostAiDeps) {
    this.sql = new PostAiSql(d.db);
  }

  private account(): string {
    return this.d.workspace.account();
  }

  async start(input: StartArgs): Promise<PostAiRequestView> {
    const account = this.account();
    const post = parseFields(this.d.store.live('posts', account, input.postId).data);
    const channelId = input.kind === 'altText' ? null : input.channelId;
    if (channelId !== null && !targetsOf(post).some((t) => t.channelId === channelId))
      fail('validation', 'That channel is not among the post’s channels; save the post with it first.', {
        issues: [{ path: 'channelId', message: 'Not one of the post’s channels.' }],
      });
    if (input.kind !== 'image') this.checkMedia(post, input.assetId, input.kind);
    const operation = OPERATION[input.kind];
    const op = (await this.d.studio.catalog()).operations.find((o) => o.operation === operation);
    const modelId = input.modelId?.trim() || (op ? defaultModel(op) : null);
    if (!op || !modelId)
      fail('validation', `The AI platform in use offers no model for ${operation}; choose one in the AI studio.`);
    const submitted = await this.d.studio.submit({
      operation,
      modelId,
      ...(input.kind === 'image' && { prompt: input.prompt }),
      ...(input.kind !== 'image' && { input: { kind: 'asset' as const, assetId: input.assetId } }),
      params: input.kind === 'image' ? aspectParams(op, input.aspect) : {},
      force: false,
    });
    const now = this.d.now();
    const row: PostAiRow = {
      id: newId(),
      account_id: account,
      post_id: input.postId,
      kind: input.kind,
      channel_id: channelId,
      asset_id: input.kind === 'image' ? null : input.assetId,
      job_id: submitted.job.id,
      state: 'waiting',
      aspect: input.kind === 'image' ? input.aspect : null,
      result_asset_id: null,
      result_text: null,
      error: null,
      created_at: now,
      updated_at: now,
    };
    this.sql.insert(row);
    this.d.changed([input.postId]);
    // An identical request that already succeeded answers at once: its result is attached now.
    if (submitted.kind === 'cached') await this.check([submitted.job.id]);
    return requestView(this.sql.get(account, row.id) ?? row);
  }

  /** The media must be the post's (its own or a channel's) and of the kind the operation reads. */
  private checkMedia(post: Record<string, unknown>, assetId: string, kind: 'altText' | 'caption'): void {
    const own = [
      ...contentFor(post, { channelId: null, network: null, name: '', handle: '', text: null, assetIds: null })
        .assetIds,
      ...targetsOf(post).flatMap((t) => t.assetIds ?? []),
    ];
    if (!own.includes(assetId))
      fail('validation', 'That media is not attached to the post; attach it and save the post first.', {
        issues: [{ path: 'assetId', message: 'Not attached to the post.' }],
      });
    const asset = this.d.library.get(assetId);
    const wants = AI_IO[OPERATION[kind]].input;
    if (asset.kind !== wants)
      fail(
        'validation',
        kind === 'altText'
          ? `Alt text is written from an image, and "${asset.name}" is ${kindWords(asset.kind)}.`
          : `A caption is read from a video, and "${asset.name}" is ${kindWords(asset.kind)}.`,
        { issues: [{ path: 'assetId', message: `Choose ${wants === 'image' ? 'an image' : 'a video'}.` }] },
      );
  }

  /** A post's requests, newest first; waiting ones whose job has ended are settled first. */
  async list(postId: string): Promise<PostAiRequestView[]> {
    const account = this.account();
    const rows = this.sql.ofPost(account, postId);
    const waiting = rows.filter((r) => r.state === 'waiting').map((r) => r.job_id);
    if (waiting.length === 0) return rows.map(requestView);
    await this.check(waiting);
    return this.sql.ofPost(account, postId).map(requestView);
  }

  /** The person took the offered caption into the composer, or dismissed it. */
  settle(id: string, outcome: 'taken' | 'dismissed'): PostAiRequestView {
    const row = this.sql.get(this.account(), id);
    if (!row) fail('not_found', 'That AI request does not exist (its post may have been deleted).');
    if (row.state !== 'offered') fail('conflict', 'Only an offered caption can be taken or dismissed.');
    this.sql.settle(id, 'offered', { state: outcome === 'taken' ? 'done' : 'dismissed' }, this.d.now());
    this.d.changed([row.post_id]);
    return requestView(this.sql.get(this.account(), id) ?? row);
  }

  /** Settles the waiting requests of these jobs (all waiting ones for null) whose job has ended. */
  async check(jobIds: readonly string[] | null): Promise<void> {
    if (this.closed) return;
    const rows = this.sql.waiting(jobIds);
    await Promise.all(rows.map((row) => this.once(row)));
  }

  /** One settle per request at a time: a second check while one runs waits for it. */
  private once(row: PostAiRow): Promise<void> {
    const running = this.inFlight.get(row.id);
    if (running) return running;
    const p = new Settle(this.d, this.sql, row)
      .run()
      .catch((e: unknown) => this.d.logger.error('an AI result could not be attached to its post', { error: e }))
      .finally(() => this.inFlight.delete(row.id));
    this.inFlight.set(row.id, p);
    return p;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.inFlight.values()]);
  }
}

/** Settling one request: read its job, then attach, offer or fail (each a named step). */
class Settle {
  constructor(
    private readonly d: PostAiDeps,
    private readonly sql: PostAiSql,
    private readonly row: PostAiRow,
  ) {}

  async run(): Promise<void> {
    const job = this.job();
    if (!job || job.state === 'queued' || job.state === 'running') return;
    if (job.state === 'cancelled')
      return this.end({ state: 'failed', error: 'The AI job was cancelled; the post is unchanged.' });
    if (job.state === 'failed') {
      const why = job.error?.message.replace(/[.\s]*$/, '') ?? 'it failed';
      return this.end({ state: 'failed', error: `The AI job failed (${why}); the post is unchanged.` });
    }
    try {
      if (this.row.kind === 'image') await this.attachImage(job);
      else if (this.row.kind === 'altText') this.writeAlt(job);
      else this.offerCaption(job);
    } catch (e) {
      if (!(e instanceof AppException)) throw e;
      this.end({ state: 'failed', error: e.error.message });
    }
  }

  /** The job, or null while it cannot be read (another account is signed in); a removed job fails the request. */
  private job(): AiJobDetail | null {
    try {
      return this.d.studio.get(this.row.job_id);
    } catch (e) {
      if (!(e instanceof AppException)) throw e;
      if (this.row.account_id !== this.d.workspace.account()) return null;
      this.end({ state: 'failed', error: 'The AI job was removed before it finished; the post is unchanged.' });
      return null;
    }
  }

  private end(outcome: PostAiOutcome): void {
    if (this.sql.settle(this.row.id, 'waiting', outcome, this.d.now())) this.d.changed([this.row.post_id]);
  }

  /** Saved to the library (once: a result already saved is reused), then added to the post's or channel's media. */
  private async attachImage(job: AiJobDetail): Promise<void> {
    const out = job.outputs[0];
    if (!out) return this.end({ state: 'failed', error: 'The AI job made no image; the post is unchanged.' });
    const known = out.assetId !== null && this.assetExists(out.assetId) ? out.assetId : null;
    const assetId = known ?? (await this.d.studio.save({ id: job.id, output: 0, tags: ['ai'] })).id;
    const { store } = this.d;
    const { account_id: account, post_id: postId, channel_id: channelId } = this.row;
    const post = store.get('posts', postId);
    if (!post || post.deleted === 1 || post.account_id !== account)
      return this.end({
        state: 'failed',
        resultAssetId: assetId,
        error: 'The post was deleted before the image came; the image is in the library.',
      });
    const fields = parseFields(post.data);
    const base = Array.isArray(fields.asset_ids)
      ? fields.asset_ids.filter((x): x is string => typeof x === 'string')
      : [];
    const add = (ids: string[]) => (ids.includes(assetId) ? ids : [...ids, assetId]);
    if (channelId === null) store.update('posts', account, postId, { asset_ids: add(base) });
    else {
      const raw = Array.isArray(fields.targets) ? fields.targets : [];
      const at = raw.findIndex((t) => PostTarget.safeParse(t).data?.channel_id === channelId);
      const target = PostTarget.safeParse(raw[at]).data;
      if (!target)
        return this.end({
          state: 'failed',
          resultAssetId: assetId,
          error: 'That channel is no longer among the post’s channels; the image is in the library.',
        });
      // The channel's variant media: its own list, or the post's media it showed until now, with the image.
      const next = raw.map((t, i) => (i === at ? { ...target, asset_ids: add(target.asset_ids ?? base) } : t));
      store.update('posts', account, postId, { targets: next });
    }
    this.end({ state: 'done', resultAssetId: assetId });
  }

  private assetExists(id: string): boolean {
    try {
      return this.d.library.get(id).trashedAt === null;
    } catch {
      return false;
    }
  }

  private writeAlt(job: AiJobDetail): void {
    const text = cutWords(job.text ?? '', ALT_TEXT_MAX);
    if (!text) return this.end({ state: 'failed', error: 'The AI answered with no text; the alt text is unchanged.' });
    this.d.library.update({ id: this.row.asset_id ?? '', altText: text });
    this.end({ state: 'done', text });
  }

  private offerCaption(job: AiJobDetail): void {
    const text = (job.text ?? '').trim();
    if (!text) return this.end({ state: 'failed', error: 'The AI answered with no text; the post is unchanged.' });
    this.end({ state: 'offered', text });
  }
}
