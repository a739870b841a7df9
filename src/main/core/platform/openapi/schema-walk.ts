import { z } from 'zod';

/**
 * Reading JSON Schemas inside a dereferenced OpenAPI document. Recursive schemas are circular
 * objects there, so every node is parsed on its own (never the whole tree at once) and every walk
 * has a depth limit.
 */

const SchemaNode = z
  .object({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    format: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    pattern: z.string().optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
    required: z.array(z.string()).optional(),
    items: z.unknown().optional(),
    allOf: z.array(z.unknown()).optional(),
    oneOf: z.array(z.unknown()).optional(),
    anyOf: z.array(z.unknown()).optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    default: z.unknown().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    readOnly: z.boolean().optional(),
    contentEncoding: z.string().optional(),
  })
  .loose();
export type SchemaNode = z.infer<typeof SchemaNode>;

const MAX_DEPTH = 8;

/** One schema node, or null when the value is not a schema object. */
export function schemaNode(value: unknown): SchemaNode | null {
  const parsed = SchemaNode.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The schemas a node stands for: itself, its allOf parts, and the first oneOf/anyOf choice. */
function parts(value: unknown, depth = 0): SchemaNode[] {
  const node = schemaNode(value);
  if (!node || depth > MAX_DEPTH) return [];
  const out = [node];
  for (const part of node.allOf ?? []) out.push(...parts(part, depth + 1));
  const choice = (node.oneOf ?? node.anyOf ?? []).find((c) => typeOf(c) !== 'null');
  if (choice !== undefined) out.push(...parts(choice, depth + 1));
  return out;
}

/** The first type that is not "null" ("object" when there are properties). */
export function typeOf(value: unknown): string | undefined {
  for (const node of parts(value)) {
    const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
    const type = types.find((t) => t !== 'null');
    if (type) return type;
    if (node.properties) return 'object';
    if (node.items !== undefined) return 'array';
  }
  return undefined;
}

/** An object schema's properties in document order (allOf merged). */
export function propertiesOf(value: unknown): [string, unknown][] {
  const seen = new Map<string, unknown>();
  for (const node of parts(value))
    for (const [name, schema] of Object.entries(node.properties ?? {})) if (!seen.has(name)) seen.set(name, schema);
  return [...seen];
}

export function requiredOf(value: unknown): Set<string> {
  return new Set(parts(value).flatMap((n) => n.required ?? []));
}

/** The item schema of an array schema. */
export function itemsOf(value: unknown): unknown {
  return parts(value).find((n) => n.items !== undefined)?.items;
}

/** A merged view of the scalar keywords (format, description, bounds…) of a node and its parts. */
export function facts(value: unknown): SchemaNode {
  const out: SchemaNode = {};
  for (const node of parts(value).reverse()) Object.assign(out, node);
  return out;
}

/** A property anywhere in an object schema, with its dotted path ("data.accessToken"). */
export interface Leaf {
  path: string;
  name: string;
  /** The name of the object holding it ("user" for "user.id"), '' at the top. */
  parent: string;
  schema: unknown;
}

/** Every property of an object schema, nested objects included (lists are not entered). */
export function leavesOf(value: unknown, maxDepth = 3): Leaf[] {
  const out: Leaf[] = [];
  const visit = (schema: unknown, prefix: string, parent: string, depth: number) => {
    for (const [name, child] of propertiesOf(schema)) {
      const path = prefix ? `${prefix}.${name}` : name;
      out.push({ path, name, parent, schema: child });
      if (depth < maxDepth && typeOf(child) === 'object') visit(child, path, name, depth + 1);
    }
  };
  visit(value, '', '', 1);
  return out;
}

/** A constant a request must carry: `const`, a one-value enum, or a default of a required field. */
export function constantOf(value: unknown): string | number | boolean | undefined {
  const f = facts(value);
  const candidates = [f.const, f.enum?.length === 1 ? f.enum[0] : undefined];
  return candidates.find((c): c is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof c));
}
