import { z } from 'zod';

// Snippets: short saved texts (hashtag sets, signatures, calls to action) inserted into a post.
// Each is a media template record marked with `snippet` (its kind), so it syncs wherever media
// templates sync; template lists leave them out and snippet lists leave templates out.

export const snippetKinds = ['hashtags', 'signature', 'cta', 'other'] as const;
export const SnippetKind = z.enum(snippetKinds, { error: 'Choose a kind: hashtags, signature, cta or other' });
export type SnippetKind = z.infer<typeof SnippetKind>;

export const snippetKindLabels: Record<SnippetKind, string> = {
  hashtags: 'Hashtag set',
  signature: 'Signature',
  cta: 'Call to action',
  other: 'Other',
};

/** Longest name and body: a snippet is a piece of a post, never a whole long document. */
export const SNIPPET_NAME_MAX = 100;
export const SNIPPET_BODY_MAX = 5_000;

/** Whether a media template record's fields are a snippet's (any kind marker counts). */
export function isSnippetFields(fields: Record<string, unknown>): boolean {
  return typeof fields.snippet === 'string' && fields.snippet !== '';
}

const snippetId = z.string().trim().min(1, 'Choose a snippet').max(200);
const snippetName = z
  .string()
  .trim()
  .min(1, 'Enter a name for the snippet')
  .max(SNIPPET_NAME_MAX, `A snippet's name is at most ${SNIPPET_NAME_MAX} characters`);
const snippetBody = z
  .string()
  .max(SNIPPET_BODY_MAX, `A snippet is at most ${SNIPPET_BODY_MAX.toLocaleString('en')} characters; shorten it`)
  .refine((b) => b.trim() !== '', 'Write the text of the snippet');

export const SnippetFields = z.object({ name: snippetName, body: snippetBody, kind: SnippetKind }).strict();
export type SnippetFields = z.infer<typeof SnippetFields>;

/** A snippet as screens see it, with how often and when it was last inserted on this computer. */
export const Snippet = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  kind: SnippetKind,
  /** Its `{{variables}}`, in order of first use. */
  variables: z.array(z.string()),
  uses: z.number().int().min(0),
  lastUsedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Snippet = z.infer<typeof Snippet>;

export const SnippetListInput = z
  .object({ kind: SnippetKind.optional(), query: z.string().max(200).optional() })
  .strict();
export const SnippetCreateInput = z.object({ fields: SnippetFields }).strict();
/** Each field given replaces the stored one. */
export const SnippetUpdateInput = z.object({ id: snippetId, fields: SnippetFields.partial() }).strict();
export const SnippetIdInput = z.object({ id: snippetId }).strict();
export const SnippetUseInput = z
  .object({ id: snippetId, values: z.record(z.string().max(200), z.string().max(SNIPPET_BODY_MAX)).default({}) })
  .strict();

/** A snippet's body with the given values filled in; variables without a value stay as {{name}}. */
export const SnippetUse = z.object({
  text: z.string(),
  variables: z.array(z.string()),
  /** Variables left for the person to fill. */
  missing: z.array(z.string()),
  uses: z.number().int().min(0),
});
export type SnippetUse = z.infer<typeof SnippetUse>;
