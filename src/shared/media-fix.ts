import { z } from 'zod';
import { AppError } from './errors';
import { AssetView } from './library';

/** The aspect presets the crop and pad editors offer; any other `w:h` is taken too. */
export const aspectPresets = ['1:1', '4:5', '9:16', '16:9', '1.91:1'] as const;

const assetId = z.string().min(1).max(200);
/** `width:height`, such as 4:5 or 1.91:1 (its range is checked by the core, in words). */
const ratio = z.string().trim().min(1).max(40);
const side = z.int().min(1).max(16_384);
/** Exact output size in pixels; a video's is rounded to even numbers (its encoder needs them). */
const size = z.object({ width: side, height: side }).strict();
/** Where the crop centres, from 0 to 1 across and down (0.5, 0.5 is the middle). */
const focus = z.object({ x: z.number(), y: z.number() }).strict();

export const CropFix = z
  .object({
    operation: z.literal('crop'),
    assetId,
    ratio: ratio.optional(),
    focus: focus.optional(),
    size: size.optional(),
  })
  .strict();

export const PadBackground = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('color'), color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #000000') }),
  z.object({ kind: z.literal('blur') }),
]);
export type PadBackground = z.infer<typeof PadBackground>;

export const PadFix = z
  .object({
    operation: z.literal('pad'),
    assetId,
    ratio: ratio.optional(),
    background: PadBackground.default({ kind: 'color', color: '#000000' }),
    size: size.optional(),
  })
  .strict();

export const ResizeFix = z
  .object({
    operation: z.literal('resize'),
    assetId,
    maxWidth: side.optional(),
    maxHeight: side.optional(),
    /** Most bytes the result may have (images: JPEG quality is stepped down, then the size). */
    maxBytes: z
      .int()
      .min(1)
      .max(4 * 1024 ** 3)
      .optional(),
  })
  .strict();

export const TrimFix = z
  .object({
    operation: z.literal('trim'),
    assetId,
    maxDurationMs: z
      .int()
      .min(1)
      .max(24 * 3_600_000),
    /** keyframe: copied as it is, cut at the keyframe at or before the limit; reencode: cut exactly. */
    mode: z.enum(['keyframe', 'reencode']).default('keyframe'),
  })
  .strict();

/** One fix of a library asset; it makes a new asset and never changes the original. */
export const FixInput = z.discriminatedUnion('operation', [CropFix, PadFix, ResizeFix, TrimFix]);
export type FixInput = z.input<typeof FixInput>;
export type FixArgs = z.output<typeof FixInput>;
export type FixOperation = FixArgs['operation'];

/** queued: waiting for one of the few fixes that run at once. */
export const FixState = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type FixState = z.infer<typeof FixState>;

/** A fix job as the screens see it: progress while it runs, the new asset or the error once it ends. */
export const FixJobView = z.object({
  id: z.string(),
  operation: z.enum(['crop', 'pad', 'resize', 'trim']),
  sourceAssetId: z.string(),
  state: FixState,
  /** 0 to 1; null while unknown. */
  progress: z.number().min(0).max(1).nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** The new asset (or the library's copy of the same content, `existed`). */
  result: z.object({ asset: AssetView, existed: z.boolean() }).nullable(),
  error: AppError.nullable(),
});
export type FixJobView = z.infer<typeof FixJobView>;

export const FixJobIdInput = z.object({ id: z.string().min(1).max(200) }).strict();
