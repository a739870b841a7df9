import { z } from 'zod';
import rulesFile from './networks-rules.json';

// The rules every network publishes for a post, read from one versioned data file so a change in a
// network's help page is a data edit with its source, not a code change. Every rule names the page it
// comes from; a figure a network does not publish is `null` with a note saying so, never a guess.

/** The networks a channel can target, in the order the app lists them. */
export const NETWORK_IDS = [
  'instagram-feed',
  'instagram-reel',
  'instagram-story',
  'tiktok',
  'youtube',
  'youtube-shorts',
  'x',
  'linkedin',
  'facebook',
  'threads',
  'pinterest',
  'bluesky',
  'mastodon',
] as const;
export const NetworkId = z.enum(NETWORK_IDS);
export type NetworkId = z.infer<typeof NetworkId>;

/** A channel's network: one of the above, or `other` with rules the user writes. */
export const ChannelNetwork = z.enum([...NETWORK_IDS, 'other']);
export type ChannelNetwork = z.infer<typeof ChannelNetwork>;

/** How a network counts the characters of a post's text. */
export const TEXT_COUNTS = ['graphemes', 'utf16', 'utf8-bytes', 'x-weighted', 'threads'] as const;
export const TextCount = z.enum(TEXT_COUNTS);
export type TextCount = z.infer<typeof TextCount>;

export const MEDIA_KINDS = ['image', 'video'] as const;
export const MediaKind = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof MediaKind>;

/** A ratio written as people write it — `4:5`, `1.91:1`, `1:2.4` — with its value (width / height). */
export interface Ratio {
  label: string;
  value: number;
}

const RATIO = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/;

const RatioText = z.string().transform((text, ctx): Ratio => {
  const match = RATIO.exec(text.trim());
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || !(width > 0) || !(height > 0)) {
    ctx.addIssue({ code: 'custom', message: `"${text}" is not a ratio like 4:5 or 1.91:1` });
    return z.NEVER;
  }
  return { label: text.trim(), value: width / height };
});

const Count = z.number().int('must be a whole number').nonnegative('cannot be negative');
const Limit = Count.nullable();

/** The part every rule shares: where its figures come from, and a note (required when a figure is null). */
function ruleShape<S extends z.ZodType>(source: S) {
  return { source, note: z.string().min(1).optional() };
}

/** Refuses `min > max` for each named pair, naming the pair and the numbers. */
function ordered(pairs: Array<[string, string]>) {
  return (rule: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    for (const [low, high] of pairs) {
      const min = numberOf(rule[low]);
      const max = numberOf(rule[high]);
      if (min !== null && max !== null && min > max) {
        ctx.addIssue({ code: 'custom', message: `${low} ${show(rule[low])} is above ${high} ${show(rule[high])}` });
      }
    }
  };
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'number') return value.value;
  return null;
}

function show(value: unknown): string {
  if (value && typeof value === 'object' && 'label' in value) return String(value.label);
  return String(value);
}

/** A figure left null must say why (the network publishes none, or it does not apply). */
function nullsExplained(fields: string[]) {
  return (rule: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const missing = fields.filter((field) => rule[field] === null);
    if (missing.length > 0 && !rule.note) {
      ctx.addIssue({ code: 'custom', message: `${missing.join(', ')} left empty without a note saying why` });
    }
  };
}

/** Builds the rule-set schema; official rules name a source page, user rules are their own source. */
function ruleSetSchema<S extends z.ZodType>(source: S, explainNulls: boolean) {
  // A null link weight or mention rule means "counted as written", not a missing figure.
  const modifiers = new Set(['urlLength', 'mentionDomainFree']);
  const rule = <T extends z.ZodRawShape>(shape: T, pairs: Array<[string, string]> = []) => {
    const fields = Object.keys(shape).filter((field) => !modifiers.has(field));
    return z.object({ ...shape, ...ruleShape(source) }).superRefine((value, ctx) => {
      ordered(pairs)(value, ctx);
      if (explainNulls) nullsExplained(fields)(value, ctx);
    });
  };
  const formats = rule({ mimes: z.array(z.string().regex(/^[a-z]+\/[\w.+-]+$/, 'is not a MIME type')).nullable() });
  const ratio = rule({ min: RatioText.nullable(), max: RatioText.nullable() }, [['min', 'max']]);
  const pixels = rule({ minWidth: Limit, maxWidth: Limit, minHeight: Limit, maxHeight: Limit, maxArea: Limit }, [
    ['minWidth', 'maxWidth'],
    ['minHeight', 'maxHeight'],
  ]);
  const bytes = rule({ max: Limit });
  return z.object({
    name: z.string().min(1),
    text: rule({
      max: Limit,
      count: TextCount,
      urlLength: Limit.optional().default(null),
      mentionDomainFree: z.boolean().optional().default(false),
    }),
    preview: rule({ cutAt: Limit }),
    hashtags: rule({ max: Limit }),
    mentions: rule({ max: Limit }),
    media: rule(
      {
        min: Count,
        max: Limit,
        required: z.boolean(),
        kinds: z.array(MediaKind).min(1, 'must allow at least one kind'),
        maxVideos: Limit,
        mixed: z.boolean(),
      },
      [['min', 'max']],
    ).refine((media) => media.required === media.min > 0, 'required must be true exactly when min is above 0'),
    image: z.object({ formats, ratio, pixels, bytes }),
    video: z.object({
      formats,
      ratio,
      pixels,
      bytes,
      duration: rule({ minMs: Limit, maxMs: Limit }, [['minMs', 'maxMs']]),
      fps: rule({ min: Limit, max: Limit }, [['min', 'max']]),
    }),
  });
}

const SourceId = z.string().min(1, 'a rule needs its source');

/** One network's rules as the data file writes them: every rule names a source id. */
export const NetworkRulesSchema = ruleSetSchema(SourceId, true);
export type NetworkRules = z.infer<typeof NetworkRulesSchema>;

/** The rules of a channel of type Other: the same shape, written by the user, who is their source. */
export const UserRulesSchema = ruleSetSchema(z.literal('user').optional().default('user'), false);
export type UserRules = z.infer<typeof UserRulesSchema>;
/** User rules as stored and edited (ratios as text, like `4:5`). */
export type UserRulesInput = z.input<typeof UserRulesSchema>;

/** Rules as the checks read them (a network's or a user's). */
export type Rules = NetworkRules | UserRules;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-25');
const Source = z.object({ url: z.url(), title: z.string().min(1), checked: Day });

const networksShape = Object.fromEntries(NETWORK_IDS.map((id) => [id, NetworkRulesSchema])) as Record<
  NetworkId,
  typeof NetworkRulesSchema
>;

/** The whole data file: a version, the pages read, and every network's rules. */
export const RulesFileSchema = z
  .object({
    version: z.number().int().positive(),
    checked: Day,
    sources: z.record(z.string(), Source),
    networks: z.strictObject(networksShape),
  })
  .superRefine((file, ctx) => {
    for (const [id, rules] of Object.entries(file.networks)) {
      for (const [path, source] of sourcesOf(rules)) {
        if (!(source in file.sources)) {
          ctx.addIssue({
            code: 'custom',
            path: ['networks', id, ...path],
            message: `source "${source}" is not listed`,
          });
        }
      }
    }
  });
export type RulesFile = z.infer<typeof RulesFileSchema>;

/** Every rule of a rule set with its path (`image.ratio`) and source id. */
export function sourcesOf(rules: NetworkRules): Array<[string[], string]> {
  const found: Array<[string[], string]> = [];
  const walk = (node: unknown, path: string[]): void => {
    if (!node || typeof node !== 'object') return;
    if ('source' in node && typeof node.source === 'string') found.push([path, node.source]);
    else for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  for (const key of ['text', 'preview', 'hashtags', 'mentions', 'media', 'image', 'video'] as const) {
    walk(rules[key], [key]);
  }
  return found;
}

/** The rule paths every network must fill (the test checks each has a source). */
export const RULE_PATHS = [
  'text',
  'preview',
  'hashtags',
  'mentions',
  'media',
  'image.formats',
  'image.ratio',
  'image.pixels',
  'image.bytes',
  'video.formats',
  'video.ratio',
  'video.pixels',
  'video.bytes',
  'video.duration',
  'video.fps',
] as const;

/** Validates a rules file, or throws one error listing every broken rule by its path. */
export function loadRules(raw: unknown): RulesFile {
  const parsed = RulesFileSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new Error(`The network rules file is invalid:\n${describeIssues(parsed.error)}`);
}

/** Validates a channel's user rules (type Other), or throws naming each broken rule. */
export function loadUserRules(raw: unknown): UserRules {
  const parsed = UserRulesSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new Error(`These channel rules are invalid:\n${describeIssues(parsed.error)}`);
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `- ${issue.path.join('.') || '(file)'}: ${issue.message}`).join('\n');
}

/** The shipped rules, validated once when this module loads: a bad edit fails every test at once. */
export const networkRules: RulesFile = loadRules(rulesFile);

/** Display names, e.g. `instagram-feed` → "Instagram feed". */
export const networkNames: Record<NetworkId, string> = Object.fromEntries(
  NETWORK_IDS.map((id) => [id, networkRules.networks[id].name]),
) as Record<NetworkId, string>;

/** The rules of one network. */
export function rulesFor(id: NetworkId): NetworkRules {
  return networkRules.networks[id];
}

/** Empty user rules (no limits) to start a channel of type Other from. */
export function emptyUserRules(name: string): UserRules {
  const open = { min: null, max: null, source: 'user' as const };
  const pixels = { minWidth: null, maxWidth: null, minHeight: null, maxHeight: null, maxArea: null, source: 'user' };
  return loadUserRules({
    name,
    text: { max: null, count: 'graphemes' },
    preview: { cutAt: null },
    hashtags: { max: null },
    mentions: { max: null },
    media: { min: 0, max: null, required: false, kinds: ['image', 'video'], maxVideos: null, mixed: true },
    image: { formats: { mimes: null }, ratio: open, pixels, bytes: { max: null } },
    video: {
      formats: { mimes: null },
      ratio: open,
      pixels,
      bytes: { max: null },
      duration: { minMs: null, maxMs: null },
      fps: { min: null, max: null },
    },
  });
}
