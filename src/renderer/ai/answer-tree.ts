/**
 * The raw answer as a tree the user points into (pure: the component only draws it). Each node
 * knows its field path (as profiles write it), a short value to show, and its children; the
 * keyboard follows the ARIA tree pattern (arrows, Home/End, Enter or Space to choose).
 */
import { formatPath, parsePath, type PathSegment } from '../../shared/field-path';
import type { AiTeachRole } from '../../shared/ai';

export interface AnswerNode {
  /** Canonical field path ("" for the root). */
  path: string;
  /** The key or index it has in its parent. */
  label: string;
  kind: 'object' | 'list' | 'value';
  /** A short rendering of the value ("{3 fields}", "[2 items]", "\"iVBORw0K…\" (12,345 characters)"). */
  summary: string;
  value: unknown;
  children: AnswerNode[];
}

export interface AnswerRow {
  node: AnswerNode;
  depth: number;
  expandable: boolean;
  expanded: boolean;
  /** Index of the parent row, or -1 at the top. */
  parent: number;
}

/** Lists show at most this many items (an answer may hold thousands). */
const MAX_ITEMS = 100;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value in a few characters: long strings (base64) are cut and counted. */
export function shortValue(value: unknown, max = 40): string {
  if (typeof value === 'string') {
    if (value.length <= max) return JSON.stringify(value);
    return `"${value.slice(0, max - 8)}…" (${value.length.toLocaleString('en')} characters)`;
  }
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  if (isRecord(value)) {
    const n = Object.keys(value).length;
    return `{${n} ${n === 1 ? 'field' : 'fields'}}`;
  }
  return String(value);
}

function build(value: unknown, segments: PathSegment[], label: string): AnswerNode {
  const path = formatPath(segments);
  if (Array.isArray(value)) {
    const children = value.slice(0, MAX_ITEMS).map((v, i) => build(v, [...segments, i], String(i)));
    return { path, label, kind: 'list', summary: shortValue(value), value, children };
  }
  if (isRecord(value)) {
    const children = Object.entries(value).map(([k, v]) => build(v, [...segments, k], k));
    return { path, label, kind: 'object', summary: shortValue(value), value, children };
  }
  return { path, label, kind: 'value', summary: shortValue(value), value, children: [] };
}

/** The tree of an answer; its root is the answer itself (path ""). */
export function answerTree(answer: unknown): AnswerNode {
  return build(answer, [], 'answer');
}

/** The rows on screen: the root's children, and the children of every expanded node. */
export function visibleRows(root: AnswerNode, expanded: ReadonlySet<string>): AnswerRow[] {
  const rows: AnswerRow[] = [];
  const walk = (nodes: AnswerNode[], depth: number, parent: number) => {
    for (const node of nodes) {
      const expandable = node.children.length > 0;
      const open = expandable && expanded.has(node.path);
      rows.push({ node, depth, expandable, expanded: open, parent });
      if (open) walk(node.children, depth + 1, rows.length - 1);
    }
  };
  walk(root.children, 1, -1);
  return rows;
}

export type TreeAction = { focus: number } | { toggle: string; focus: number } | { choose: number } | null;

/** What a key does on the row at `index` (the ARIA tree pattern). */
export function treeKey(rows: readonly AnswerRow[], index: number, key: string): TreeAction {
  const row = rows[index];
  if (!row) return rows.length > 0 ? { focus: 0 } : null;
  switch (key) {
    case 'ArrowDown':
      return { focus: Math.min(rows.length - 1, index + 1) };
    case 'ArrowUp':
      return { focus: Math.max(0, index - 1) };
    case 'Home':
      return { focus: 0 };
    case 'End':
      return { focus: rows.length - 1 };
    case 'ArrowRight':
      if (!row.expandable) return null;
      return row.expanded ? { focus: index + 1 } : { toggle: row.node.path, focus: index };
    case 'ArrowLeft':
      if (row.expanded) return { toggle: row.node.path, focus: index };
      return row.parent >= 0 ? { focus: row.parent } : null;
    case 'Enter':
    case ' ':
      return { choose: index };
    default:
      return null;
  }
}

/**
 * The paths the user may save for a field: the field itself, and — when it sits in a list —
 * every item of that list ("images.0.url" → "images.*.url"), so later answers with more outputs
 * are read whole.
 */
export function pathChoices(path: string): string[] {
  const segments = parsePath(path);
  if (!segments) return [];
  const last = segments.map((s) => typeof s === 'number').lastIndexOf(true);
  if (last < 0) return [path];
  const every = [...segments];
  every[last] = '*';
  return [formatPath(segments), formatPath(every)];
}

const MEDIA = /^(https?:\/\/|data:(image|video|audio)\/)/i;

/** A first guess at what a field holds, from its value and name; the user chooses in the end. */
export function guessRole(node: Pick<AnswerNode, 'label' | 'value'>): AiTeachRole {
  const v = node.value;
  if (typeof v === 'string' && (MEDIA.test(v) || (v.length > 200 && /^[A-Za-z0-9+/=_-]+$/.test(v.replace(/\s+/g, '')))))
    return 'media';
  if (isRecord(v) && ['url', 'data', 'b64', 'b64_json', 'base64'].some((k) => k in v)) return 'media';
  if (/(^|_)(job_?)?id$|jobid/i.test(node.label) && (typeof v === 'string' || typeof v === 'number')) return 'jobId';
  return 'text';
}

/** Whether saving the mapping needs a download (the field holds a web address) or nothing at all. */
export function needsDownload(value: unknown): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return /^https?:\/\//i.test(first);
  return isRecord(first) && typeof first.url === 'string';
}
