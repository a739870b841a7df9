/** The eight AI operations of the platform, as they appear in /v2/ai/{operation}. */
export const AI_OPERATIONS = [
  'image2image',
  'image2text',
  'image2video',
  'text2image',
  'text2video',
  'video2text',
  'video2video',
  'wave2text',
] as const;

export type AiOperation = (typeof AI_OPERATIONS)[number];

export function isAiOperation(value: string): value is AiOperation {
  return (AI_OPERATIONS as readonly string[]).includes(value);
}
