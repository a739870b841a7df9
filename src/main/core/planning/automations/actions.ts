import type { z } from 'zod';
import { AI_IO, type AiSubmitInput, type AiSubmitResult } from '../../../../shared/ai';
import type { AutomationAction } from '../../../../shared/automations';
import type { Channel } from '../../../../shared/channels';
import type { PostTarget } from '../../../../shared/targets';
import { fail } from '../../errors';
import { parseFields } from '../../store/fields';
import type { RecordStore } from '../../store/record-store';
import { targetOf, type ChannelNamed } from '../channel-names';
import { fillTemplate, missingMessage, type Templates } from '../templates';
import type { EventContext } from './events';
import type { RunLog } from './run-log';

/** What Studio.submit takes (after its schema's defaults). */
export type AiSubmitArgs = z.output<typeof AiSubmitInput>;

export interface ActionDeps {
  store: RecordStore;
  account(): string;
  now(): number;
  templates: Templates;
  /** Put a library asset at the end of the media queue (the planner's queue). */
  queueAdd(source: { group: 'assets'; id: string }, note?: string): unknown;
  /** Queue an AI job (Studio.submit). */
  submitAi(input: AiSubmitArgs): Promise<AiSubmitResult>;
  log: RunLog;
  /** The live channel with this id, for rules that post to channels (absent: no channels here). */
  channelById?(id: string): Channel | undefined;
  /** The live channel with this name, so an old rule's label still reaches its channel. */
  channelNamed?: ChannelNamed;
}

export const ACTION_LABELS: Record<AutomationAction['type'], string> = {
  add_tag: 'add a tag',
  add_to_queue: 'add to the queue',
  post_from_template: 'post from a template',
  run_ai: 'run AI',
};

function assetOf(ctx: EventContext, deps: ActionDeps, what: string): { id: string; name: string; tags: string[] } {
  if (ctx.assetId === null) fail('validation', `There is no asset to ${what}: this event is not about an asset.`);
  const fields = parseFields(deps.store.live('assets', deps.account(), ctx.assetId).data);
  const tags = Array.isArray(fields.tags) ? fields.tags.filter((t): t is string => typeof t === 'string') : [];
  return { id: ctx.assetId, name: typeof fields.name === 'string' ? fields.name : 'the asset', tags };
}

/** Run one action; returns what it did in words, throws (an AppError, usually) when it could not. */
export async function runAction(action: AutomationAction, ctx: EventContext, deps: ActionDeps): Promise<string> {
  switch (action.type) {
    case 'add_tag': {
      const asset = assetOf(ctx, deps, 'tag');
      if (asset.tags.some((t) => t.toLowerCase() === action.tag.toLowerCase()))
        return `${asset.name} already had the tag “${action.tag}”`;
      // A plain record update: it is not an import, so it cannot set off asset_imported rules again.
      deps.store.update('assets', deps.account(), asset.id, { tags: [...asset.tags, action.tag] });
      return `tagged ${asset.name} “${action.tag}”`;
    }
    case 'add_to_queue': {
      const asset = assetOf(ctx, deps, 'add to the queue');
      await deps.queueAdd({ group: 'assets', id: asset.id }, action.note);
      return `added ${asset.name} to the media queue`;
    }
    case 'post_from_template':
      return postFromTemplate(action, ctx, deps);
    case 'run_ai':
      return runAi(action, ctx, deps);
  }
}

type PostAction = Extract<AutomationAction, { type: 'post_from_template' }>;

/**
 * The targets a rule's post gets: its chosen channels (each must still exist), else — for a rule saved
 * with one label — the channel of that name when there is one; undefined leaves the label alone.
 */
export function ruleTargets(
  action: PostAction,
  deps: Pick<ActionDeps, 'channelById' | 'channelNamed'>,
): PostTarget[] | undefined {
  const ids = action.channel_ids ?? [];
  if (ids.length > 0) {
    const found = ids.map((id) => deps.channelById?.(id));
    const gone = found.filter((c) => c === undefined).length;
    if (gone > 0)
      fail(
        'validation',
        gone === 1
          ? 'A channel this rule posts to was deleted; open the rule and choose its channels again.'
          : `${gone} channels this rule posts to were deleted; open the rule and choose its channels again.`,
      );
    return found.filter((c): c is Channel => c !== undefined).map(targetOf);
  }
  const named = action.channel === undefined ? undefined : deps.channelNamed?.(action.channel);
  return named ? [targetOf(named)] : undefined;
}

function postFromTemplate(action: PostAction, ctx: EventContext, deps: ActionDeps): string {
  const targets = ruleTargets(action, deps);
  // The event's facts win over the rule's own values: they are what this run is about.
  const post = deps.templates.postFromValues(
    action.template_id,
    { ...action.values, ...ctx.facts },
    {
      ...(action.channel !== undefined && { channel: action.channel }),
      ...(targets !== undefined && { targets }),
      assetIds: ctx.assetId === null ? [] : [ctx.assetId],
    },
  );
  const template = deps.templates.template(action.template_id).name;
  const where = targets && targets.length > 0 ? ` for ${targets.map((t) => t.name).join(', ')}` : '';
  return `made a draft post from template ${template}${where} (${post.id.slice(0, 8)})`;
}

async function runAi(
  action: Extract<AutomationAction, { type: 'run_ai' }>,
  ctx: EventContext,
  deps: ActionDeps,
): Promise<string> {
  let prompt = ctx.facts.prompt;
  if (action.prompt !== undefined) {
    const filled = fillTemplate(action.prompt, ctx.facts);
    if (filled.missing.length > 0) fail('validation', `The prompt: ${missingMessage(filled.missing)}`);
    prompt = filled.text;
  }
  let input: AiSubmitArgs['input'];
  if (AI_IO[action.operation].input !== 'text') {
    // The event's asset, else the result that set it off (an AI job that did not go to the library).
    if (ctx.assetId !== null) input = { kind: 'asset', assetId: ctx.assetId };
    else if (ctx.event.type === 'ai_job_succeeded') input = { kind: 'result', jobId: ctx.event.jobId, output: 0 };
    else fail('validation', `${action.operation} needs a media input, and this event is not about an asset.`);
  }
  const result = await deps.submitAi({
    operation: action.operation,
    modelId: action.model_id,
    ...(prompt !== undefined && { prompt }),
    ...(input !== undefined && { input }),
    params: action.params,
    force: false,
  });
  if (result.kind === 'cached')
    return `an identical ${action.operation} job had already succeeded, so its result was used`;
  // Its success arrives later as an event of its own, which must carry this chain on.
  deps.log.rememberJob(result.job.id, ctx.chain, deps.now());
  return `queued a ${action.operation} job (${result.job.id.slice(0, 8)})`;
}
