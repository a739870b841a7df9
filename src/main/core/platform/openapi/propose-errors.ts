import { defaultErrorFields, type ErrorFields } from '../../../../shared/profile';
import type { ProposalContext } from './findings';
import { jsonSchemaOf } from './operations';
import { leavesOf, typeOf, type Leaf } from './schema-walk';

/** Preferred names first: a schema with both `message` and `title` keeps its message. */
const MESSAGE_NAMES = [
  'message',
  'error_description',
  'detail',
  'error_message',
  'errormessage',
  'msg',
  'title',
  'description',
];
const CODE_NAMES = ['code', 'error_code', 'errorcode', 'error', 'type'];
const ERROR_NAME = /error|problem|fault|fail/i;
const ERROR_STATUS = /^([45](\d\d|XX)|default)$/i;

interface ErrorSchema {
  place: string;
  schema: unknown;
}

/** components.responses first (named errors, or used as errors), then error answers of operations. */
function errorSchemas(ctx: ProposalContext): ErrorSchema[] {
  const out: ErrorSchema[] = [];
  const usedAsError = new Set<unknown>();
  for (const op of ctx.ops)
    for (const [status, res] of Object.entries(op.responses)) if (ERROR_STATUS.test(status)) usedAsError.add(res);
  for (const [name, res] of Object.entries(ctx.doc.components?.responses ?? {})) {
    if (ERROR_NAME.test(name) || usedAsError.has(res))
      out.push({ place: `components/responses/${name}`, schema: jsonSchemaOf(res) });
  }
  const seen = new Set(out.map((e) => e.schema));
  for (const op of ctx.ops) {
    for (const [status, res] of Object.entries(op.responses)) {
      const schema = ERROR_STATUS.test(status) ? jsonSchemaOf(res) : undefined;
      if (schema === undefined || seen.has(schema)) continue;
      seen.add(schema);
      out.push({ place: `${op.label} answer ${status}`, schema });
    }
  }
  return out.filter((e) => e.schema !== undefined);
}

/** The best leaf of one schema for a list of names (earlier names win; strings only for codes' "error"). */
function best(leaves: Leaf[], names: string[]): Leaf | undefined {
  const plain = (l: Leaf) => l.name.toLowerCase().replace(/-/g, '_');
  for (const name of names) {
    const hit = leaves.find(
      (l) => plain(l) === name && ['string', 'integer', 'number', undefined].includes(typeOf(l.schema)),
    );
    if (hit) return hit;
  }
  return undefined;
}

/** Where the error answers keep a message and a code, ordered by how many error schemas use each place. */
export function proposeErrors(ctx: ProposalContext): ErrorFields {
  const tally = { message: new Map<string, string[]>(), code: new Map<string, string[]>() };
  for (const e of errorSchemas(ctx)) {
    const leaves = leavesOf(e.schema);
    for (const [key, names] of [
      ['message', MESSAGE_NAMES],
      ['code', CODE_NAMES],
    ] as const) {
      const hit = best(leaves, names);
      if (hit) tally[key].set(hit.path, [...(tally[key].get(hit.path) ?? []), e.place]);
    }
  }
  const out: ErrorFields = { message: [], code: [] };
  for (const key of ['message', 'code'] as const) {
    const ranked = [...tally[key]].sort((a, b) => b[1].length - a[1].length);
    if (ranked.length === 0) {
      out[key] = defaultErrorFields[key] ?? [];
      ctx.findings.add(
        'missing',
        `errors.${key}`,
        "no error schema with one in the document; Atelier's usual places are kept",
      );
      continue;
    }
    out[key] = ranked.map(([path]) => path);
    for (const [path, places] of ranked)
      ctx.findings.add(
        'found',
        `errors.${key}`,
        `"${path}" (${places.slice(0, 3).join(', ')}${places.length > 3 ? ` and ${places.length - 3} more` : ''})`,
      );
  }
  return out;
}
