import { findFirst, readPath } from '../../../../shared/field-path';
import {
  DEFAULT_FAILED_VALUES,
  type AiOperation,
  type AiOperationSpec,
  type RecordsFormat,
  type ResourceGroup,
} from '../../../../shared/profile';
import { keysOf, listKeys, type Answer } from './answer';
import { commonVerdict, failed, isBadRequest, pass, type CredentialKind, type Verdict } from './verdict';

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/** A group's list answer (GET, one item): a list at `records.itemsField`, items with `records.idField`. */
export function judgeList(a: Answer, group: ResourceGroup, records: RecordsFormat, kind: CredentialKind): Verdict {
  const common = commonVerdict(a, `groups.${group}.list.path`, kind);
  if (common) return common;
  const s = a.status;
  if (isBadRequest(s)) {
    return failed(
      `The platform refused the list request (${s}); it may not take "${records.limitParam}" as the page size.`,
      'records.limitParam',
    );
  }
  if (s !== null && s >= 300) return failed(`The platform refused the list request (${s}).`, null);
  const items = readPath(a.body, records.itemsField);
  if (!Array.isArray(items)) {
    const lists = listKeys(a.body);
    const where = lists.length > 0 ? ` A list is at ${quoted(lists)}.` : '';
    return failed(
      `The answer has no list at "${records.itemsField}"; the answer had: ${keysOf(a.body)}.${where}`,
      'records.itemsField',
    );
  }
  if (items.length === 0)
    return pass(`A list at "${records.itemsField}" (empty, so "${records.idField}" could not be checked).`);
  const id = readPath(items[0], records.idField);
  if (id === undefined || id === null || id === '') {
    return failed(
      `The items have no "${records.idField}"; the first item had: ${keysOf(items[0])}.`,
      'records.idField',
    );
  }
  return pass(`A list at "${records.itemsField}", its items identified by "${records.idField}".`);
}

/** What no generator takes as a body (a JSON list): sent to an AI path, it can only be refused. */
export const AI_PROBE_BODY: readonly never[] = [];

/** The platform refused the probe's body itself: the path and the credential got that far. */
const refusedBody = (s: number | null) => s === 400 || s === 415 || s === 422;

/**
 * An operation sent a body no generator can take: a refusal of the body proves the path and the
 * credential without running a job. A 2xx means the platform took it anyway, so it may bill.
 */
export function judgeAiProbe(a: Answer, op: AiOperation, kind: CredentialKind): Verdict {
  const common = commonVerdict(a, `ai.${op}.path`, kind);
  if (common) return common;
  const s = a.status;
  if (refusedBody(s))
    return pass(`Reachable: the platform refused a body no operation takes (${s}), so nothing was generated.`);
  if (s !== null && s < 300) {
    return failed(
      `The platform accepted a request meant to be refused (${s}); it may have started a job.`,
      null,
      'See your usage on the platform. To check this operation, tick "Run one small job per AI operation" instead.',
    );
  }
  return failed(`The platform gave an unexpected answer (${s}) to a body no operation takes.`, null);
}

/** Where results usually are, when the operation's `response` map names no place. */
const MEDIA_GUESSES = [
  'outputs',
  'output',
  'images',
  'videos',
  'media',
  'results',
  'files',
  'url',
  'data.outputs',
  'result.outputs',
];
const TEXT_GUESSES = ['text', 'output_text', 'caption', 'transcript', 'description', 'data.text', 'result.text'];

/** A real job's answer: media or text where the profile looks, or a job id to poll. */
export function judgeAiJob(a: Answer, op: AiOperation, spec: AiOperationSpec, kind: CredentialKind): Verdict {
  const common = commonVerdict(a, `ai.${op}.path`, kind);
  if (common) return common;
  const s = a.status;
  if (isBadRequest(s)) {
    const field = a.words && /model/i.test(a.words) ? `ai.${op}.models` : `ai.${op}.template`;
    return failed(`The platform refused the job (${s}).`, field);
  }
  if (s !== null && s >= 300) return failed(`The platform refused the job (${s}).`, null);
  const map = spec.response;
  const state = findFirst(a.body, map?.status ?? ['status']);
  const failedValues = (map?.failedValues ?? DEFAULT_FAILED_VALUES).map((v) => v.toLowerCase());
  if (state && typeof state.value === 'string' && failedValues.includes(state.value.toLowerCase())) {
    return failed(`The platform reports the job as "${state.value}" (read from "${state.path}").`, null);
  }
  const media = findFirst(a.body, map?.media ?? MEDIA_GUESSES);
  if (media) return pass(`A result came back: media at "${media.path}".`);
  const text = findFirst(a.body, map?.text ?? TEXT_GUESSES);
  if (text) return pass(`A result came back: text at "${text.path}".`);
  const jobId = spec.poll ? findFirst(a.body, map?.jobId ?? ['id', 'job_id', 'data.id']) : null;
  if (jobId) return pass(`Accepted as job "${String(jobId.value)}"; the result comes later and was not waited for.`);
  const looked = quoted([...(map?.media ?? MEDIA_GUESSES), ...(map?.text ?? TEXT_GUESSES)]);
  return failed(
    `The answer has no media or text where Atelier looks (${looked}); the answer had: ${keysOf(a.body)}.`,
    `ai.${op}.response`,
  );
}
