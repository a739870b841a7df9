import { aiOperations, type AiOperation, type AiOperationSpec } from '../../../../shared/profile';
import { TEXT_INPUT, templateFromBody } from './ai-template';
import { at, type ProposalContext } from './findings';
import { requestSchema, type Operation } from './operations';

/** The published body when the document shows none: a prompt for text inputs, base64 media otherwise. */
function publishedSpec(ctx: ProposalContext, op: AiOperation): AiOperationSpec {
  const text = TEXT_INPUT.has(op);
  return {
    path: ctx.path(`/v2/ai/${op}`),
    media: text ? 'none' : 'base64',
    template: {
      model_id: '{{model_id}}',
      image: text ? { prompt: '{{prompt}}' } : { data: '{{media.base64}}', mime_type: '{{media.mime}}' },
    },
    models: [],
  };
}

/** POST …/ai/<op>, or a POST whose last segment is the operation's name. */
function findOperation(ctx: ProposalContext, op: AiOperation): Operation | undefined {
  const posts = ctx.ops.filter((o) => o.method === 'POST');
  return (
    posts.find((o) => o.path.endsWith(`/ai/${op}`)) ??
    posts.find((o) => o.path.split('/').pop()?.toLowerCase() === op.toLowerCase())
  );
}

function specFor(ctx: ProposalContext, op: AiOperation): AiOperationSpec {
  const field = `ai.${op}`;
  const found = findOperation(ctx, op);
  const fallback = publishedSpec(ctx, op);
  if (!found) {
    ctx.findings.add(
      'missing',
      field,
      `no such operation in the document; the published ${fallback.path} and body are kept`,
    );
    return fallback;
  }
  ctx.findings.add(
    found.path.endsWith(`/ai/${op}`) ? 'found' : 'guessed',
    `${field}.path`,
    at(found.path, found.label),
  );
  const body = requestSchema(found);
  const t = templateFromBody(op, body);
  const place = `${found.label} request body`;
  const spec: AiOperationSpec = { ...fallback, path: ctx.path(found.path), models: t.models };
  if (t.filled.length > 0 && (TEXT_INPUT.has(op) || t.media !== 'none')) {
    spec.media = t.media;
    spec.template = { model_id: '{{model_id}}', ...t.top, image: t.image };
    ctx.findings.add('found', `${field}.template`, `${t.filled.join(', ')} (${place})`);
  } else
    ctx.findings.add(
      'guessed',
      `${field}.template`,
      `no prompt or media field in the ${place}; the published body is kept`,
    );
  if (t.params.length > 0) {
    spec.params = t.params;
    ctx.findings.add('found', `${field}.params`, `${t.params.map((p) => p.name).join(', ')} (${place}, image)`);
  }
  if (t.models.length > 0)
    ctx.findings.add('found', `${field}.models`, `${t.models.length} from the model field's enum (${place})`);
  return spec;
}

/** The eight operations: path, body template, parameters and models. */
export function proposeAi(ctx: ProposalContext): Record<AiOperation, AiOperationSpec> {
  const out = {} as Record<AiOperation, AiOperationSpec>;
  for (const op of aiOperations) out[op] = specFor(ctx, op);
  const without = aiOperations.filter((op) => findOperation(ctx, op) && out[op].models.length === 0);
  if (without.length > 0)
    ctx.findings.add(
      'missing',
      'ai.*.models',
      `no list of models for ${without.join(', ')}: the form takes any model id`,
    );
  return out;
}
