import { z } from 'zod';

/** The longest document the transport carries as text (the renderer reads a chosen file itself). */
export const OPENAPI_TEXT_MAX_CHARS = 1024 * 1024;
/** The largest document read from a file or a URL; anything bigger is refused before it is parsed. */
export const OPENAPI_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https only; plain http only to this computer (a local server, the tests). */
export function isAllowedDocumentUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
}

/** Where an OpenAPI document comes from. */
export const OpenApiSource = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('text'),
      text: z
        .string()
        .min(1, 'the document is empty')
        .max(OPENAPI_TEXT_MAX_CHARS, 'larger than 1 MB: open it from a file or a URL'),
      /** The chosen file's name, so messages can name it. */
      name: z.string().min(1).max(255).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('file'), path: z.string().min(1).max(4096) }).strict(),
  z
    .object({
      kind: z.literal('url'),
      url: z
        .string()
        .max(2048)
        .refine(isAllowedDocumentUrl, 'use an https:// address (plain http only for this computer)'),
    })
    .strict(),
]);
export type OpenApiSource = z.infer<typeof OpenApiSource>;

export const ProposeFromOpenApiInput = z.object({ source: OpenApiSource }).strict();
export type ProposeFromOpenApiInput = z.infer<typeof ProposeFromOpenApiInput>;

/** One profile field and where in the document it came from (or why it could not). */
export const ProposalItem = z.object({ field: z.string(), note: z.string() });
export type ProposalItem = z.infer<typeof ProposalItem>;

/** A proposed profile, never applied by itself: the user edits `json` and imports it. */
export const OpenApiProposal = z.object({
  /** The proposed profile, pretty-printed; it validates as a profile. */
  json: z.string(),
  /** Read straight from the document. */
  found: z.array(ProposalItem),
  /** Inferred from names, words or a single candidate: check these. */
  guessed: z.array(ProposalItem),
  /** Not in the document: the profile holds a default or "unspecified". */
  missing: z.array(ProposalItem),
});
export type OpenApiProposal = z.infer<typeof OpenApiProposal>;
