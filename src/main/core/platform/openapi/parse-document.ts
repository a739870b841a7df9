import SwaggerParser from '@apidevtools/swagger-parser';
import { z } from 'zod';
import { AppException } from '../../errors';
import { OpenApiDocument } from './operations';
import { findRefLoop } from './ref-cycles';
import { exceedsValues, MAX_VALUES } from './value-count';

/** The name the parser knows the document by; its messages name it, and we replace it with the user's. */
const DOC_NAME = 'openapi-document';
const HINT = 'Fix the document or choose another one; no profile was changed.';

// The library validates whatever it is given (that is its job); its typings want a typed document.
const validate = SwaggerParser.validate.bind(SwaggerParser) as (
  path: string,
  api: unknown,
  options: object,
) => Promise<unknown>;

const AjvDetail = z.object({ instancePath: z.string(), message: z.string().optional() });
const Details = z.object({ details: z.array(AjvDetail).min(1) });

function refuse(message: string): never {
  throw new AppException({ code: 'validation', message, hint: HINT });
}

/**
 * Parse, check against the OpenAPI 3.0/3.1 schema and dereference one document with the parser
 * library. Only the text given is read: no other file and no URL a `$ref` names.
 */
export async function parseOpenApi(text: string, label: string): Promise<OpenApiDocument> {
  const name = `${DOC_NAME}${/^\s*[{[]/.test(text) ? '.json' : '.yaml'}`;
  const options = {
    resolve: {
      file: false,
      http: false,
      external: false,
      given: { order: 1, canRead: (file: { url: string }) => file.url.endsWith(name), read: () => text },
    },
    dereference: { circular: true as const },
  };
  let raw: unknown;
  try {
    raw = await SwaggerParser.parse(name, options);
  } catch (e) {
    refuse(describeParserError(e, label));
  }
  const version = z.object({ openapi: z.string() }).safeParse(raw);
  if (!version.success) {
    const swagger = z.object({ swagger: z.unknown() }).safeParse(raw).success;
    refuse(
      swagger
        ? `${label} is a Swagger 2.0 document; Atelier reads OpenAPI 3.0 and 3.1 (convert it first).`
        : `${label} is not an OpenAPI document: it has no "openapi" version.`,
    );
  }
  if (exceedsValues(raw))
    refuse(
      `${label} expands to more than ${MAX_VALUES.toLocaleString('en-US')} values (YAML aliases repeat parts of it); ` +
        `Atelier does not read documents that large.`,
    );
  const loop = findRefLoop(raw);
  if (loop) refuse(`${label} has a $ref loop that never reaches a schema: ${loop.join(' → ')}.`);
  try {
    // validate() checks the schema, then dereferences in place; recursive schemas become circular objects.
    const api = await validate(name, raw, options);
    const doc = OpenApiDocument.safeParse(api);
    if (!doc.success)
      refuse(
        `${label} is not an OpenAPI document: ${doc.error.issues[0]?.path.join('.')}: ${doc.error.issues[0]?.message}`,
      );
    return doc.data;
  } catch (e) {
    if (e instanceof AppException) throw e;
    refuse(describeParserError(e, label, version.data.openapi));
  }
}

const scrub = (message: string) => message.replace(new RegExp(`\\S*${DOC_NAME}\\.(json|yaml)`, 'g'), 'the document');

/** The library's error in a sentence, naming the line or the JSON pointer it gives. */
export function describeParserError(e: unknown, label: string, version?: string): string {
  const message = scrub(e instanceof Error ? e.message : String(e));
  const details = Details.safeParse(e);
  if (details.success) {
    // The deepest place is the most precise one (oneOf failures also report their parents).
    const deepest = [...details.data.details].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
    return (
      `${label} does not follow OpenAPI ${version ?? '3'} at #${deepest?.instancePath ?? ''}: ` +
      `${deepest?.message ?? 'invalid'}.`
    );
  }
  const position = /\((\d+):(\d+)\)/.exec(message);
  const first = (message.split('\n')[0] ?? message)
    .replace(/^Error parsing the document: /, '')
    .replace(/\s*\(\d+:\d+\)\s*$/, '');
  if (position) return `${label} is not valid JSON or YAML at line ${position[1]}, column ${position[2]}: ${first}.`;
  if (/is not a valid (JSON Schema|Openapi API definition)/i.test(message))
    return `${label} is not an OpenAPI document (no "openapi" version and "paths").`;
  if (/Unsupported OpenAPI version/i.test(message))
    return `${label}: ${first.replace(/\. Swagger Parser.*$/, '')}; Atelier reads OpenAPI 3.0 and 3.1.`;
  if (/Missing \$ref pointer/i.test(message)) return `${label} refers to something it does not contain: ${first}`;
  return `${label} could not be read: ${first}`;
}
