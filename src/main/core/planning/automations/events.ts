import type { AutomationTrigger } from '../../../../shared/automations';
import type { AiOperation } from '../../../../shared/profile';
import { parseFields } from '../../store/fields';
import { recordLabel } from '../../store/labels';
import type { RecordStore } from '../../store/record-store';
import { utcDay } from '../templates';

/** What can set an automation off. */
export type AutomationEvent =
  | { type: 'ai_job_succeeded'; jobId: string; operation: AiOperation; prompt?: string | null; assetId?: string }
  | { type: 'asset_imported'; assetId: string; name: string; tags: readonly string[] }
  | { type: 'scheduled_time'; group: 'posts' | 'mediaQueue'; id: string }
  | { type: 'manual'; assetId?: string };

/** An event with what the actions need to know about it. */
export interface EventContext {
  event: AutomationEvent;
  /** The asset the event is about (the one add_tag and add_to_queue act on), if any. */
  assetId: string | null;
  /** Template values the event gives: asset_name, prompt, operation, date. */
  facts: Record<string, string>;
  /** Automations whose actions led to this event, first to last. */
  chain: string[];
  /** The event in words, for the run log. */
  cause: string;
}

export function matches(trigger: AutomationTrigger | undefined, event: AutomationEvent): boolean {
  if (!trigger) return false;
  switch (event.type) {
    case 'ai_job_succeeded':
      return (
        trigger.type === 'ai_job_succeeded' &&
        (trigger.operation === undefined || trigger.operation === event.operation)
      );
    case 'asset_imported': {
      if (trigger.type !== 'asset_imported') return false;
      const wanted = trigger.tag?.toLowerCase();
      return wanted === undefined || event.tags.some((t) => t.trim().toLowerCase() === wanted);
    }
    case 'scheduled_time':
      return trigger.type === 'scheduled_time' && (trigger.group === undefined || trigger.group === event.group);
    case 'manual':
      return trigger.type === 'manual';
  }
}

const quote = (text: string) => `“${text.length > 60 ? `${text.slice(0, 59)}…` : text}”`;

/** Facts about the event, read from the records it names. */
export function contextOf(
  store: RecordStore,
  account: string,
  event: AutomationEvent,
  chain: string[],
  now: number,
  nameOf: (id: string) => string,
): EventContext {
  const live = (group: 'assets' | 'posts' | 'mediaQueue', id: string | undefined) => {
    const row = id === undefined ? undefined : store.get(group, id);
    return row && row.deleted === 0 && row.account_id === account ? parseFields(row.data) : null;
  };
  let assetId: string | null = null;
  let what: (assetName: string | null) => string;
  switch (event.type) {
    case 'ai_job_succeeded':
      assetId = event.assetId ?? null;
      what = () => `AI job ${event.operation} succeeded${event.prompt ? ` (${quote(event.prompt)})` : ''}`;
      break;
    case 'asset_imported':
      assetId = event.assetId;
      what = () => `asset ${event.name} imported`;
      break;
    case 'scheduled_time': {
      const item = live(event.group, event.id);
      // A queue item is about its asset; a post about its first media.
      const ref =
        event.group === 'mediaQueue' ? item?.asset_id : Array.isArray(item?.asset_ids) ? item.asset_ids[0] : undefined;
      assetId = typeof ref === 'string' ? ref : null;
      what = (name) =>
        event.group === 'posts'
          ? `the time of post ${quote(recordLabel('post', item ?? {}))} arrived`
          : `the time of queue item ${quote(name ?? 'without an asset')} arrived`;
      break;
    }
    case 'manual':
      assetId = event.assetId ?? null;
      what = (name) => `run by hand${name ? ` on ${name}` : ''}`;
      break;
  }
  const asset = assetId === null ? null : live('assets', assetId);
  const assetName = event.type === 'asset_imported' ? event.name : typeof asset?.name === 'string' ? asset.name : null;
  let cause = what(assetName);
  if (chain.length > 0) cause += ` (after ${chain.map(nameOf).join(' → ')})`;
  const facts: Record<string, string> = { date: utcDay(now) };
  if (assetName) facts.asset_name = assetName;
  if (event.type === 'ai_job_succeeded') {
    facts.operation = event.operation;
    if (event.prompt) facts.prompt = event.prompt;
  }
  return { event, assetId, facts, chain, cause };
}
