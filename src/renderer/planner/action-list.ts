import type { AutomationAction, AutomationTrigger } from '../../shared/automations';
import type { AiOperation } from '../../shared/profile';

// Editing an automation's "when … then …" as plain data: the screens call these and save the result.

export type ActionType = AutomationAction['type'];
export const actionTypes: readonly ActionType[] = ['add_tag', 'add_to_queue', 'post_from_template', 'run_ai'];
export const actionLabels: Record<ActionType, string> = {
  add_tag: 'Tag the asset',
  add_to_queue: 'Add the asset to the media queue',
  post_from_template: 'Make a post from a template',
  run_ai: 'Run an AI operation',
};

export type TriggerType = AutomationTrigger['type'];
export const triggerTypes: readonly TriggerType[] = ['manual', 'ai_job_succeeded', 'asset_imported', 'scheduled_time'];
export const triggerLabels: Record<TriggerType, string> = {
  manual: 'Only when run by hand',
  ai_job_succeeded: 'An AI job succeeds',
  asset_imported: 'An asset is imported',
  scheduled_time: 'A scheduled time arrives',
};

/** A new action of a type, with what the screen knows to fill in. */
export function newAction(
  type: ActionType,
  hints: { templateId?: string; operation?: AiOperation } = {},
): AutomationAction {
  switch (type) {
    case 'add_tag':
      return { type, tag: '' };
    case 'add_to_queue':
      return { type };
    case 'post_from_template':
      return { type, template_id: hints.templateId ?? '', values: {} };
    case 'run_ai':
      return { type, operation: hints.operation ?? 'text2image', model_id: '', params: {} };
  }
}

export function moveAction<T>(list: readonly T[], index: number, dir: -1 | 1): T[] {
  const to = index + dir;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export const removeAction = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);
export const replaceAction = <T>(list: readonly T[], index: number, value: T): T[] =>
  list.map((a, i) => (i === index ? value : a));

/** What each action still needs before it can be saved, by index. */
export function actionProblems(list: readonly AutomationAction[]): Map<number, string> {
  const problems = new Map<number, string>();
  list.forEach((a, i) => {
    if (a.type === 'add_tag' && !a.tag.trim()) problems.set(i, 'Enter the tag to add.');
    if (a.type === 'post_from_template' && !a.template_id) problems.set(i, 'Choose a template.');
    if (a.type === 'run_ai' && !a.model_id.trim()) problems.set(i, 'Enter a model.');
  });
  return problems;
}

/** An action as stored: trimmed, with empty optional text left out. */
export function cleanAction(a: AutomationAction): AutomationAction {
  switch (a.type) {
    case 'add_tag':
      return { type: a.type, tag: a.tag.trim() };
    case 'add_to_queue':
      return a.note?.trim() ? { type: a.type, note: a.note.trim() } : { type: a.type };
    case 'post_from_template':
      return {
        type: a.type,
        template_id: a.template_id,
        values: a.values,
        ...(a.channel?.trim() ? { channel: a.channel.trim() } : {}),
        ...(a.channel_ids && a.channel_ids.length > 0 ? { channel_ids: a.channel_ids } : {}),
      };
    case 'run_ai':
      return {
        type: a.type,
        operation: a.operation,
        model_id: a.model_id.trim(),
        params: a.params,
        ...(a.prompt?.trim() ? { prompt: a.prompt } : {}),
      };
  }
}

/** Template values as "name = value" lines, for a textarea. */
export function valuesToText(values: Readonly<Record<string, string>>): string {
  return Object.entries(values)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n');
}

/** "name = value" lines back to values; blank lines and lines without "=" are skipped. */
export function textToValues(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    const key = line.slice(0, at).trim();
    if (key) values[key] = line.slice(at + 1).trim();
  }
  return values;
}

/** The trigger's editable parts, all of them kept while the type is switched back and forth. */
export interface TriggerDraft {
  type: TriggerType;
  operation: AiOperation | '';
  tag: string;
  group: 'posts' | 'mediaQueue' | '';
}

export function triggerDraft(t: AutomationTrigger | undefined): TriggerDraft {
  return {
    type: t?.type ?? 'manual',
    operation: t?.type === 'ai_job_succeeded' ? (t.operation ?? '') : '',
    tag: t?.type === 'asset_imported' ? (t.tag ?? '') : '',
    group: t?.type === 'scheduled_time' ? (t.group ?? '') : '',
  };
}

export function triggerOf(d: TriggerDraft): AutomationTrigger {
  switch (d.type) {
    case 'ai_job_succeeded':
      return d.operation ? { type: d.type, operation: d.operation } : { type: d.type };
    case 'asset_imported':
      return d.tag.trim() ? { type: d.type, tag: d.tag.trim() } : { type: d.type };
    case 'scheduled_time':
      return d.group ? { type: d.type, group: d.group } : { type: d.type };
    case 'manual':
      return { type: 'manual' };
  }
}
