// Test helper (not product code): a proposal context from a small document written in a test.
import { Findings, type ProposalContext } from './findings';
import { listOperations } from './operations';
import { parseOpenApi } from './parse-document';

export async function contextOf(parts: Record<string, unknown>, prefix = ''): Promise<ProposalContext> {
  const doc = await parseOpenApi(
    JSON.stringify({ openapi: '3.1.0', info: { title: 'Test', version: '1' }, paths: {}, ...parts }),
    'test.json',
  );
  return { doc, ops: listOperations(doc), findings: new Findings(), path: (p) => `${prefix}${p}` };
}

/** A JSON request or answer body. */
export const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

export const obj = (properties: Record<string, unknown>, required?: string[]) => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});
