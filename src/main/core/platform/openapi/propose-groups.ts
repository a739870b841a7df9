import { resourceGroups, type Endpoint, type GroupEndpoints, type ResourceGroup } from '../../../../shared/profile';
import type { ProposalContext } from './findings';
import { requestSchema, wordsOf, type Method, type Operation } from './operations';
import { itemsOf, propertiesOf, typeOf } from './schema-walk';

interface GroupWords {
  /** The collection's last path segment, lowercased without "-" and "_". */
  exact: string[];
  /** Other segments that may be it (a guess). */
  like?: RegExp;
  /** operationId, summary and tag words that may name it (a guess). */
  words: RegExp;
}

const GROUPS: Record<ResourceGroup, GroupWords> = {
  assets: { exact: ['assets', 'asset'], words: /\bassets?\b/ },
  automations: { exact: ['automations', 'automation'], words: /\bautomations?\b/ },
  contentPlans: {
    exact: ['contentplans', 'contentplan'],
    like: /schedul|^plans?$/,
    words: /\bcontent ?plans?\b|\bschedul/,
  },
  creatives: { exact: ['creatives', 'creative'], words: /\bcreatives?\b/ },
  mediaQueue: { exact: ['mediaqueue', 'mediaqueues'], like: /^queues?$/, words: /\bmedia ?queue/ },
  mediaTemplates: { exact: ['mediatemplates', 'mediatemplate'], like: /^templates?$/, words: /\bmedia ?templates?\b/ },
  posts: { exact: ['posts', 'post'], words: /\bposts?\b/ },
};

const plain = (segment: string) => segment.toLowerCase().replace(/[-_.]/g, '');
const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);
const lastSegment = (path: string) => path.replace(/\/+$/, '').split('/').pop() ?? '';

/** Paths with no parameter: the only ones a collection can be (Atelier fills nothing but the record id). */
function collections(ops: Operation[]): string[] {
  return [...new Set(ops.map((o) => o.path))].filter((p) => !p.split('/').some(isParam) && !/\/ai\//.test(p));
}

type Match = { path: string; how: 'found' | 'guessed'; why: string };

function findCollection(ops: Operation[], group: ResourceGroup): Match | null {
  const words = GROUPS[group];
  const paths = collections(ops);
  const exact = paths.filter((p) => words.exact.includes(plain(lastSegment(p))));
  // Two versions of one collection (/v1/posts, /v2/posts): the one with more operations, then the later.
  const score = (p: string) => ops.filter((o) => o.path === p || o.path.startsWith(`${p}/{`)).length;
  const pick = (list: string[]) => [...list].sort((a, b) => score(b) - score(a) || b.localeCompare(a))[0];
  if (exact.length > 0)
    return {
      path: pick(exact) ?? '',
      how: exact.length === 1 ? 'found' : 'guessed',
      why: exact.length === 1 ? 'by its path' : `the most complete of ${exact.join(', ')}`,
    };
  const like = words.like ? paths.filter((p) => words.like?.test(plain(lastSegment(p)))) : [];
  if (like.length > 0) return { path: pick(like) ?? '', how: 'guessed', why: 'its path looks like it' };
  const named = ops.find((o) => paths.includes(o.path) && words.words.test(wordsOf(o)));
  return named ? { path: named.path, how: 'guessed', why: `${named.label} is named for it` } : null;
}

/** The operations on a collection and on its one-record path ("{id}" for whatever the document calls it). */
function endpoints(ctx: ProposalContext, ops: Operation[], collection: string) {
  const on = (method: Method, path: string) => ops.find((o) => o.method === method && o.path === path);
  const item = ops.find(
    (o) => o.path.startsWith(`${collection}/`) && isParam(o.path.slice(collection.length + 1)),
  )?.path;
  const ep = (op: Operation | undefined): Endpoint | undefined => {
    if (!op) return undefined;
    const path = op.path === item ? `${collection}/{id}` : op.path;
    return { method: op.method as Endpoint['method'], path: ctx.path(path) };
  };
  return {
    list: on('GET', collection),
    create: on('POST', collection),
    get: item ? on('GET', item) : undefined,
    update: item ? (on('PATCH', item) ?? on('PUT', item)) : undefined,
    delete: item ? on('DELETE', item) : undefined,
    ep,
  };
}

/** A create that sends `{items: [record…]}`: the body's only array of objects. */
function batchField(op: Operation): string | undefined {
  const props = propertiesOf(requestSchema(op));
  const arrays = props.filter(([, s]) => typeOf(s) === 'array' && typeOf(itemsOf(s)) === 'object');
  return props.length === 1 && arrays.length === 1 ? arrays[0]?.[0] : undefined;
}

function proposeGroup(ctx: ProposalContext, group: ResourceGroup): { value: GroupEndpoints; list?: Operation } {
  const field = `groups.${group}`;
  const match = findCollection(ctx.ops, group);
  if (!match) {
    ctx.findings.add('missing', field, 'no collection for it in the document: "unspecified" (changes wait locally)');
    return { value: 'unspecified' };
  }
  const e = endpoints(ctx, ctx.ops, match.path);
  const list = e.ep(e.list);
  const create = e.ep(e.create);
  if (!e.list || !e.create || !list || !create) {
    const has = e.list ? 'a list but no create' : 'no list';
    ctx.findings.add('missing', field, `${match.path} has ${has} (both are needed): "unspecified"`);
    return { value: 'unspecified' };
  }
  const value: Exclude<GroupEndpoints, 'unspecified'> = { list, create };
  for (const key of ['get', 'update', 'delete'] as const) {
    const endpoint = e.ep(e[key]);
    if (endpoint) value[key] = endpoint;
  }
  const items = batchField(e.create);
  if (items) value.itemsField = items;
  const described = [value.list, value.create, value.get, value.update, value.delete]
    .filter(Boolean)
    .map((x) => `${x?.method} ${x?.path}`);
  ctx.findings.add(
    match.how,
    field,
    `${described.join(', ')}${items ? `; create sends {"${items}": [...]}` : ''} (${match.why})`,
  );
  if (value.update?.method === 'PUT')
    ctx.findings.add('guessed', `${field}.update`, `only PUT on ${value.update.path}: it may replace the whole record`);
  return { value, list: e.list };
}

/** Each resource group's endpoints, and the list operations the records format is read from. */
export function proposeGroups(ctx: ProposalContext): {
  groups: Record<ResourceGroup, GroupEndpoints>;
  lists: Operation[];
} {
  const groups = {} as Record<ResourceGroup, GroupEndpoints>;
  const lists: Operation[] = [];
  for (const group of resourceGroups) {
    const { value, list } = proposeGroup(ctx, group);
    groups[group] = value;
    if (list) lists.push(list);
  }
  return { groups, lists };
}
