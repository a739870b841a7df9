import { z } from 'zod';

/** The parts of an OpenAPI document the proposal reads; each node is parsed on its own (see schema-walk). */

export const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof methods)[number];

const Parameter = z
  .object({ name: z.string(), in: z.string(), schema: z.unknown().optional(), required: z.boolean().optional() })
  .loose();
export type Parameter = z.infer<typeof Parameter>;

const Content = z.record(z.string(), z.object({ schema: z.unknown().optional() }).loose());
const Body = z.object({ content: Content.optional(), description: z.string().optional() }).loose();

const OperationNode = z
  .object({
    operationId: z.string().optional(),
    summary: z.string().optional(),
    description: z.string().optional(),
    tags: z.array(z.string()).optional(),
    parameters: z.array(z.unknown()).optional(),
    requestBody: z.unknown().optional(),
    responses: z.record(z.string(), z.unknown()).optional(),
    security: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .loose();

const PathItem = z.object({ parameters: z.array(z.unknown()).optional() }).loose();

export const OpenApiDocument = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string().optional(), version: z.string().optional() }).loose().optional(),
    servers: z
      .array(
        z
          .object({
            url: z.string(),
            variables: z.record(z.string(), z.object({ default: z.string() }).loose()).optional(),
          })
          .loose(),
      )
      .optional(),
    paths: z.record(z.string(), z.unknown()).optional(),
    components: z
      .object({
        schemas: z.record(z.string(), z.unknown()).optional(),
        responses: z.record(z.string(), z.unknown()).optional(),
        securitySchemes: z.record(z.string(), z.unknown()).optional(),
      })
      .loose()
      .optional(),
    security: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .loose();
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

export interface Operation {
  method: Method;
  /** The path as the document writes it. */
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  parameters: Parameter[];
  requestBody: unknown;
  responses: Record<string, unknown>;
  /** "POST /user/login": how notes name it. */
  label: string;
}

function parametersOf(list: unknown[] | undefined): Parameter[] {
  return (list ?? []).flatMap((p) => {
    const parsed = Parameter.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Every operation, in document order; path-level parameters are merged in. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, raw] of Object.entries(doc.paths ?? {})) {
    const item = PathItem.safeParse(raw);
    if (!item.success) continue;
    const shared = parametersOf(item.data.parameters);
    for (const method of methods) {
      const node = OperationNode.safeParse(item.data[method.toLowerCase()]);
      if (!node.success || item.data[method.toLowerCase()] === undefined) continue;
      const own = parametersOf(node.data.parameters);
      const parameters = [...own, ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in))];
      out.push({
        method,
        path,
        operationId: node.data.operationId ?? '',
        summary: [node.data.summary, node.data.description].filter(Boolean).join(' '),
        tags: node.data.tags ?? [],
        parameters,
        requestBody: node.data.requestBody,
        responses: node.data.responses ?? {},
        label: `${method} ${path}`,
      });
    }
  }
  return out;
}

/** The JSON schema of a body: application/json first, then any JSON type, then the first one. */
export function jsonSchemaOf(body: unknown): unknown {
  const parsed = Body.safeParse(body);
  if (!parsed.success || !parsed.data.content) return undefined;
  const entries = Object.entries(parsed.data.content);
  const pick =
    entries.find(([t]) => t.split(';')[0]?.trim() === 'application/json') ??
    entries.find(([t]) => /json/i.test(t)) ??
    entries[0];
  return pick?.[1].schema;
}

export const requestSchema = (op: Operation): unknown => jsonSchemaOf(op.requestBody);

/** The first successful answer's schema and its status ("200", "201"…). */
export function successResponse(op: Operation): { status: string; schema: unknown } | null {
  const status = Object.keys(op.responses)
    .filter((s) => /^2(\d\d|XX)$/i.test(s))
    .sort()[0];
  if (!status) return null;
  return { status, schema: jsonSchemaOf(op.responses[status]) };
}

export const queryParameters = (op: Operation): Parameter[] => op.parameters.filter((p) => p.in === 'query');

/** Words an operation is known by: operationId split at case changes, summary, description and tags. */
export function wordsOf(op: Operation): string {
  const id = op.operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return [id, op.summary, ...op.tags].join(' ').toLowerCase();
}
