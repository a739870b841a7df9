import { z } from 'zod';

/** The keyword of the PNG text chunk, and the name of the XMP and MP4 fields, that carry it. */
export const PROVENANCE_KEY = 'atelier:provenance';

/**
 * What an exported result carries inside its file (PNG text chunk, JPEG XMP, MP4 metadata) and
 * what an import of that file reads back onto the asset: how it was made, without the raw request.
 */
export const MediaProvenance = z.object({
  generator: z.literal('Atelier'),
  jobId: z.string().min(1).max(200),
  operation: z.string().min(1).max(100),
  model: z.string().min(1).max(500),
  prompt: z.string().max(100_000).nullable(),
  parameters: z.record(z.string().max(100), z.union([z.number(), z.string().max(4000), z.boolean(), z.null()])),
  inputSha256: z.array(z.string().regex(/^[a-f0-9]{64}$/)).max(100),
  requestedAt: z.string().max(40).nullable(),
  finishedAt: z.string().max(40).nullable(),
  durationMs: z.number().int().min(0).nullable(),
});
export type MediaProvenance = z.infer<typeof MediaProvenance>;

/** The provenance in a JSON text read from a file, or null when the text is not one (malformed, foreign). */
export function parseMediaProvenance(text: string): MediaProvenance | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = MediaProvenance.safeParse(value);
  return parsed.success ? parsed.data : null;
}
