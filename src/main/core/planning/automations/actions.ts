import type { z } from 'zod';
import { AI_IO, type AiSubmitInput, type AiSubmitResult } from '../../../../shared/ai';
import type { AutomationAction } from '../../../../shared/automations';
import { fail } from '../../errors';
import { parseFields } from '../../store/fields';
import type { RecordStore } from '../../store/record-store';
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
    case 'post_from_template': {
      // The event's facts win over the rule's own values: they are what this run is about.
      const post = deps.templates.postFromValues(
        action.template_id,
        { ...action.values, ...ctx.facts },
        {
          ...(action.channel !== undefined && { channel: action.channel }),
          assetIds: ctx.assetId === null ? [] : [ctx.assetId],
        },
      );
      const template = deps.templates.template(action.template_id).name;
      return `made a draft post from template ${template} (${post.id.slice(0, 8)})`;
    }
    case 'run_ai':
      return runAi(action, ctx, deps);
  }
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
