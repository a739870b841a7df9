import { defaultRecordsFormat, type RecordsFormat } from '../../../../shared/profile';
import type { ProposalContext } from './findings';
import { queryParameters, successResponse, type Operation } from './operations';
import { facts, itemsOf, leavesOf, propertiesOf, typeOf, type Leaf } from './schema-walk';

const ITEMS = /^(items|records|data|results|entries|list|content|values|elements|rows)$/i;
const NEXT_CURSOR =
  /^(next[_-]?cursor|next[_-]?page[_-]?token|next[_-]?token|next[_-]?page|cursor|continuation[_-]?token)$/i;
const HAS_MORE = /^(has[_-]?more|more|has[_-]?next([_-]?page)?|is[_-]?truncated)$/i;
const SINCE = /^(since|(?:changed|updated|modified)[_-]?since|(?:updated|changed)[_-]?after|sync[_-]?token)$/i;
const CURSOR = /^(cursor|page[_-]?token|next[_-]?token|after|continuation[_-]?token|starting[_-]?after)$/i;
const LIMIT = /^(limit|page[_-]?size|per[_-]?page|max[_-]?results|count|size|top)$/i;
const ID = /^(id|uuid|_id)$/i;
const VERSION = /^(version|revision|rev|_rev|etag|version[_-]?number)$/i;
const DELETED = /^(deleted|is[_-]?deleted|removed|is[_-]?removed|tombstone|_deleted)$/i;
const SERVER_TIME = /^(created|updated|modified|deleted)([_-]?(at|on|time|date))?$/i;

/** The page's list of records: an array of objects, a usual name first. */
function itemsLeaf(leaves: Leaf[]): Leaf | undefined {
  const arrays = leaves.filter((l) => typeOf(l.schema) === 'array' && typeOf(itemsOf(l.schema)) === 'object');
  return arrays.find((l) => ITEMS.test(l.name)) ?? arrays[0];
}

interface Page {
  op: Operation;
  place: string;
  leaves: Leaf[];
  items: Leaf;
}

function firstPage(lists: Operation[]): Page | null {
  for (const op of lists) {
    const res = successResponse(op);
    const leaves = res ? leavesOf(res.schema) : [];
    const items = itemsLeaf(leaves);
    if (res && items) return { op, place: `${op.label} answer ${res.status}`, leaves, items };
  }
  return null;
}

type Key = Exclude<keyof RecordsFormat, 'pageSize' | 'serverFields'>;

/** How lists page and how records name their server fields, from the first list that shows them. */
export function proposeRecords(ctx: ProposalContext, lists: Operation[]): RecordsFormat {
  const out: RecordsFormat = { ...defaultRecordsFormat, serverFields: [...defaultRecordsFormat.serverFields] };
  const page = firstPage(lists);
  const set = (key: Key, value: string | undefined, place: string) => {
    if (value) {
      out[key] = value;
      ctx.findings.add('found', `records.${key}`, `"${value}" (${place})`);
    } else ctx.findings.add('missing', `records.${key}`, `not in ${place}; "${defaultRecordsFormat[key]}" is kept`);
  };
  if (!page) {
    ctx.findings.add(
      'missing',
      'records',
      "no list answer with an array of records in the document; the sandbox's format is kept",
    );
    return out;
  }
  set('itemsField', page.items.path, page.place);
  set(
    'nextCursorField',
    page.leaves.find((l) => NEXT_CURSOR.test(l.name) && typeOf(l.schema) !== 'object')?.path,
    page.place,
  );
  set('hasMoreField', page.leaves.find((l) => HAS_MORE.test(l.name))?.path, page.place);
  const query = queryParameters(page.op);
  const params = `the query parameters of ${page.op.label}`;
  set('sinceParam', query.find((p) => SINCE.test(p.name))?.name, params);
  set('cursorParam', query.find((p) => CURSOR.test(p.name))?.name, params);
  const limit = query.find((p) => LIMIT.test(p.name));
  set('limitParam', limit?.name, params);
  const max = limit ? facts(limit.schema).maximum : undefined;
  if (max !== undefined && max >= 1) {
    out.pageSize = Math.min(Math.floor(max), defaultRecordsFormat.pageSize);
    ctx.findings.add(
      'found',
      'records.pageSize',
      `${out.pageSize}: "${limit?.name}" allows at most ${max} (${page.op.label})`,
    );
  }
  recordFields(ctx, out, propertiesOf(itemsOf(page.items.schema)), `the records of ${page.place}`);
  return out;
}

/** id, version and deleted flag by name; server fields are those, the read-only ones and the timestamps. */
function recordFields(ctx: ProposalContext, out: RecordsFormat, props: [string, unknown][], place: string): void {
  const pick = (key: 'idField' | 'versionField' | 'deletedField', pattern: RegExp) => {
    const name = props.find(([n]) => pattern.test(n))?.[0];
    if (name) {
      out[key] = name;
      ctx.findings.add('found', `records.${key}`, `"${name}" (${place})`);
    } else
      ctx.findings.add(
        'missing',
        `records.${key}`,
        `nothing like it in ${place}; "${defaultRecordsFormat[key]}" is kept`,
      );
    return name;
  };
  const owned = new Set([pick('idField', ID), pick('versionField', VERSION), pick('deletedField', DELETED)]);
  const server = props
    .filter(([n, s]) => owned.has(n) || SERVER_TIME.test(n) || facts(s).readOnly === true)
    .map(([n]) => n);
  if (server.length > 0) {
    out.serverFields = server.slice(0, 50);
    ctx.findings.add(
      'found',
      'records.serverFields',
      `${server.join(', ')} (${place}: ids, versions, timestamps and read-only fields)`,
    );
  } else
    ctx.findings.add(
      'missing',
      'records.serverFields',
      `no server fields recognised in ${place}; the sandbox's are kept`,
    );
}
