import crypto from 'node:crypto';
import { AI_IO } from '../../../../shared/ai';
import {
  resourceGroupLabels,
  type AiOperation,
  type AiOperationSpec,
  type ResourceGroup,
} from '../../../../shared/profile';
import { renderBody } from '../../ai/template';
import { toAppError } from '../../errors';
import { answerOf } from './answer';
import { line, notSent, url, type CheckContext } from './context';
import type { Line } from './diagnose';
import { AI_PROBE_BODY, judgeAiJob, judgeAiProbe, judgeList } from './judge-resources';
import { tinyPng, tinyWav, type TinyMedia } from './tiny-media';
import { failed, type Verdict } from './verdict';

const WAITING: Verdict = {
  outcome: 'waiting',
  summary: "Waiting for the platform's specification.",
  field: null,
  hint: null,
};

/** A group's list endpoint, asked for one item. Only ever a GET: the check changes nothing. */
export async function groupLine(ctx: CheckContext, group: ResourceGroup): Promise<Line> {
  const endpoints = ctx.profile.groups[group];
  const head = {
    id: `group.${group}`,
    section: 'groups' as const,
    label: resourceGroupLabels[group],
    request: null,
    credentialed: true,
  };
  if (endpoints === 'unspecified') return line({ ...head, credentialed: false }, null, WAITING);
  if (endpoints.list.method !== 'GET')
    return notSent(head, `Not sent: the list endpoint is a ${endpoints.list.method}, and the check only reads.`);
  if (ctx.credential.kind === null) return notSent(head, ctx.credential.why);
  const kind = ctx.credential.kind;
  const target = url(ctx, endpoints.list.path);
  target.searchParams.set(ctx.profile.records.limitParam, '1');
  const answer = await answerOf(
    () => ctx.session.probe({ method: 'GET', url: target.toString(), deadlineMs: 15_000 }),
    ctx.profile.errors,
  );
  return line(
    { ...head, request: `GET ${target.pathname}${target.search}` },
    answer,
    judgeList(answer, group, ctx.profile.records, kind),
  );
}

/** The tiny input a real job takes, or why none can be sent. */
function tinyInput(op: AiOperation, spec: AiOperationSpec): { media: TinyMedia | null } | { why: string } {
  const input = AI_IO[op].input;
  if (input === 'text') return { media: null };
  if (input === 'video')
    return { why: 'Not run: Atelier has no tiny video to send. Run this operation once from the AI Studio.' };
  if (spec.media === 'url')
    return {
      why:
        'Not run: this operation takes media by URL, which a generated input does not have. ' +
        'Run it once from the AI Studio with a result.',
    };
  return { media: input === 'image' ? tinyPng() : tinyWav() };
}

/** The profile's template with its first model, default parameters and a tiny input: the smallest real job. */
export function jobBody(op: AiOperation, spec: AiOperationSpec, media: TinyMedia | null): unknown {
  const params = Object.fromEntries(
    (spec.params ?? []).flatMap((p) => (p.default === undefined ? [] : [[p.name, p.default]])),
  );
  const rendered = renderBody(spec, {
    operation: op,
    modelId: spec.models[0] ?? '',
    prompt: 'Atelier connection check',
    params,
    media: media && {
      sha256: crypto.createHash('sha256').update(media.bytes).digest('hex'),
      mimeType: media.mimeType,
      name: media.name,
      size: media.bytes.length,
      url: null,
    },
  });
  const base64 = rendered.streamed && media ? media.bytes.toString('base64') : '';
  return JSON.parse(rendered.prefix + base64 + rendered.suffix) as unknown;
}

/**
 * An AI operation. Without jobs, a JSON list as the body, which no generator takes: refused, it
 * proves the path and the credential, and nothing runs. With jobs, one small real request, which may be billed.
 */
export async function aiLine(ctx: CheckContext, op: AiOperation, runJobs: boolean): Promise<Line> {
  const spec = ctx.profile.ai[op];
  const head = { id: `ai.${op}`, section: 'ai' as const, label: op, request: null, credentialed: true };
  if (ctx.credential.kind === null) return notSent(head, ctx.credential.why);
  const kind = ctx.credential.kind;
  const target = url(ctx, spec.path).toString();
  if (!runJobs) {
    const answer = await answerOf(
      () => ctx.session.probe({ method: 'POST', url: target, body: AI_PROBE_BODY, deadlineMs: 15_000 }),
      ctx.profile.errors,
    );
    return line(
      { ...head, request: `POST ${spec.path} with a body no operation takes ([])` },
      answer,
      judgeAiProbe(answer, op, kind),
    );
  }
  if (spec.models.length === 0)
    return notSent(head, 'Not run: the profile lists no model for this operation.', `Add one to ai.${op}.models.`);
  const input = tinyInput(op, spec);
  if ('why' in input) return notSent(head, input.why);
  let body: unknown;
  try {
    body = jobBody(op, spec, input.media);
  } catch (e) {
    const error = toAppError(e).error;
    return line(
      { ...head, credentialed: false },
      null,
      failed(`The body template could not be filled: ${error.message}`, `ai.${op}.template`),
    );
  }
  const request =
    `POST ${spec.path} with model ` +
    `"${spec.models[0]}"${input.media ? ` and a ${input.media.bytes.length}-byte ${input.media.mimeType}` : ''}`;
  const answer = await answerOf(
    () =>
      ctx.session.probe({
        method: 'POST',
        url: target,
        body,
        idempotencyKey: crypto.randomUUID(),
        deadlineMs: 120_000,
      }),
    ctx.profile.errors,
  );
  return line({ ...head, request }, answer, judgeAiJob(answer, op, spec, kind));
}
