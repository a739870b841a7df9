import { z } from 'zod';
import { isFieldPath, isRequestField } from './field-path';

/** The eight AI operations the platform publishes. */
export const aiOperations = [
  'image2image',
  'image2text',
  'image2video',
  'text2image',
  'text2video',
  'video2text',
  'video2video',
  'wave2text',
] as const;
export const AiOperation = z.enum(aiOperations);
export type AiOperation = z.infer<typeof AiOperation>;

/** The platform's resource groups. */
export const resourceGroups = [
  'assets',
  'automations',
  'contentPlans',
  'creatives',
  'mediaQueue',
  'mediaTemplates',
  'posts',
] as const;
export const ResourceGroup = z.enum(resourceGroups);
export type ResourceGroup = z.infer<typeof ResourceGroup>;

/** What each resource group is called on screen and in the connection check. */
export const resourceGroupLabels: Record<ResourceGroup, string> = {
  assets: 'Assets',
  automations: 'Automations',
  contentPlans: 'Content plans',
  creatives: 'Creatives',
  mediaQueue: 'Media queue',
  mediaTemplates: 'Media templates',
  posts: 'Posts',
};

const path = z.string().startsWith('/', 'must start with "/"').max(500);
/** Where a value is in an answer: dots reach into objects, numbers or [n] into lists, * takes every item. */
const answerPath = z
  .string()
  .min(1)
  .max(200)
  .refine(isFieldPath, 'not a field path: use names joined by dots, e.g. "data.access_token"');
/** Where a value is in an answer, tried in order (see field-path.ts). */
const aliases = z.array(answerPath).min(1).max(20);
/** A field Atelier sends: names joined by dots make nested objects ("data.username"); no indexes, no "*". */
const requestField = z
  .string()
  .min(1)
  .max(200)
  .refine(isRequestField, 'not a field to send: use names joined by dots, e.g. "data.username" (no [n] or *)');
/** A query parameter name, sent as it is ("page[size]" is a name, not a path). */
const plainName = z.string().min(1).max(100);
/** An HTTP header name (an RFC 9110 token): anything else could never be sent. */
const headerName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'not a header name: use letters, digits and "-", e.g. "Authorization"');
/** Text before the credential in that header: printable ASCII and spaces, never a line break. */
const headerPrefix = z
  .string()
  .max(50)
  .regex(/^[\x20-\x7e]*$/, 'use printable ASCII letters, digits, punctuation and spaces only, e.g. "Bearer "');
const headerScheme = z.object({ header: headerName, prefix: headerPrefix }).strict();
/** Constant fields sent with a request (e.g. `grant_type: "password"`). */
const extraFields = z.record(requestField, z.union([z.string().max(500), z.number(), z.boolean()])).optional();

export const Endpoint = z.object({ method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']), path }).strict();
export type Endpoint = z.infer<typeof Endpoint>;

/** A group's endpoints ("{id}" in a path is the remote id), or "unspecified" until the platform publishes them. */
export const GroupEndpoints = z.union([
  z.literal('unspecified'),
  z
    .object({
      list: Endpoint,
      create: Endpoint,
      get: Endpoint.optional(),
      update: Endpoint.optional(),
      delete: Endpoint.optional(),
      /** Create sends `{<field>: [record]}` and answers with the same field (a batch "add items" endpoint). */
      itemsField: requestField.optional(),
    })
    .strict(),
]);
export type GroupEndpoints = z.infer<typeof GroupEndpoints>;

/**
 * The endpoints a REST collection at `base` has by convention; a group written `{"collection": base}`
 * gets them, each replaced by an endpoint the group states itself, or left out where it says `null`.
 */
export function collectionEndpoints(base: string): Record<'list' | 'create' | 'get' | 'update' | 'delete', Endpoint> {
  const item = `${base.replace(/\/+$/, '')}/{id}`;
  return {
    list: { method: 'GET', path: base },
    create: { method: 'POST', path: base },
    get: { method: 'GET', path: item },
    update: { method: 'PATCH', path: item },
    delete: { method: 'DELETE', path: item },
  };
}

/** One parameter of an operation, from the platform profile (the form draws a field for it). */
export const AiParamSpec = z
  .object({
    name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/),
    label: z.string().min(1).max(100),
    type: z.enum(['integer', 'number', 'text', 'color']),
    min: z.number().optional(),
    max: z.number().optional(),
    default: z.union([z.number(), z.string()]).optional(),
    help: z.string().max(300).optional(),
  })
  .strict();
export type AiParamSpec = z.infer<typeof AiParamSpec>;

/** Values a status field takes when a generation failed (case does not matter). */
export const DEFAULT_FAILED_VALUES = ['failed', 'failure', 'error', 'errored', 'rejected', 'cancelled', 'canceled'];

/**
 * Where an operation's answer keeps what it produced. Every path is read from the answer's root.
 * Left out, Atelier reads the common shapes by itself (the sandbox's among them).
 */
export const AiResponseMap = z
  .object({
    /**
     * Where the media is: each path may hold a URL, base64, a data URL, an object with url/data, or a list of those.
     */
    media: aliases.optional(),
    /** How a media string is written when it does not say itself (auto: http(s) URL, data: URL, else base64). */
    mediaEncoding: z.enum(['auto', 'url', 'base64', 'data-url']).default('auto'),
    /** The media's type (image/png…), when the answer gives it beside the media. */
    mimeType: aliases.optional(),
    /** Where a text result is (a caption, a transcript). */
    text: aliases.optional(),
    /** Where the platform's id of the job is (an asynchronous answer: see `poll`). */
    jobId: aliases.optional(),
    /** Where the generation's state is; a value in `failedValues` fails the job with the answer's message. */
    status: aliases.optional(),
    failedValues: z.array(z.string().min(1).max(50)).max(20).default(DEFAULT_FAILED_VALUES),
  })
  .strict();
export type AiResponseMap = z.infer<typeof AiResponseMap>;

/** Asynchronous operations: the platform answers "accepted" with a job id, and the result is asked for later. */
export const AiPoll = z
  .object({
    method: z.enum(['GET', 'POST']).default('GET'),
    /** Where to ask; "{id}" is the job id from the first answer. */
    path: path.refine((p) => p.includes('{id}'), 'must contain "{id}" (the job id)'),
    /** Where the job's state is in the poll answer. */
    statusField: aliases,
    /** States meaning the result is ready. */
    doneValues: z.array(z.string().min(1).max(50)).min(1).max(20),
    /** States meaning the job failed (its message is read with the profile's `errors`). */
    failedValues: z.array(z.string().min(1).max(50)).max(20).default(DEFAULT_FAILED_VALUES),
    /** First wait between polls; each wait grows by `backoff` up to `maxIntervalMs`. */
    intervalMs: z.int().min(100).max(600_000).default(2_000),
    maxIntervalMs: z.int().min(100).max(3_600_000).default(30_000),
    backoff: z.number().min(1).max(10).default(1.5),
    /** After this long without a final state the job fails (and is asked about no more). */
    deadlineMs: z
      .int()
      .min(1_000)
      .max(7 * 86_400_000)
      .default(30 * 60_000),
    /** Where the finished answer keeps its result, when not where the operation's `response` says. */
    response: AiResponseMap.optional(),
  })
  .strict()
  .refine((p) => p.maxIntervalMs >= p.intervalMs, {
    message: 'maxIntervalMs must not be below intervalMs',
    path: ['maxIntervalMs'],
  });
export type AiPoll = z.infer<typeof AiPoll>;

export const AiOperationSpec = z
  .object({
    path,
    /** How media inputs travel in the body: inline base64 or a URL the platform can fetch. */
    media: z.enum(['base64', 'url', 'none']),
    /** Body template; "{{name}}" strings are replaced (model_id, prompt, media…). Must hold model_id and image. */
    template: z.object({ model_id: z.string(), image: z.record(z.string(), z.unknown()) }).loose(),
    /** Models offered in the form (the user's recent ones are added). */
    models: z.array(z.string().min(1).max(200)).max(200),
    /** Parameters the form offers; their values go into the body's "image" object. */
    params: z.array(AiParamSpec).max(50).optional(),
    /** Where the answer keeps media, text and a job id; omitted: the common shapes are recognised. */
    response: AiResponseMap.optional(),
    /** Set when the platform answers "accepted" and finishes later. */
    poll: AiPoll.optional(),
  })
  .strict();
export type AiOperationSpec = z.infer<typeof AiOperationSpec>;

/**
 * What every AI operation of a profile shares, written once: an operation that states a field itself
 * keeps its own (the whole field: a `response` of its own replaces the default one, never merges with it).
 */
export const AiDefaults = z
  .object({
    media: AiOperationSpec.shape.media.optional(),
    template: AiOperationSpec.shape.template.optional(),
    response: AiResponseMap.optional(),
    poll: AiPoll.optional(),
  })
  .strict();
export type AiDefaults = z.infer<typeof AiDefaults>;

/** How resource lists page and how records name their server fields (the sandbox's shape by default). */
export const RecordsFormat = z
  .object({
    itemsField: answerPath,
    nextCursorField: answerPath,
    /** Omitted: a full page means there may be more (and a next cursor is needed to ask). */
    hasMoreField: answerPath.optional(),
    /** Query parameter that asks for changes after a cursor (including deletions). */
    sinceParam: plainName,
    cursorParam: plainName,
    limitParam: plainName,
    pageSize: z.int().min(1).max(1000),
    idField: answerPath,
    versionField: answerPath,
    deletedField: answerPath,
    /** Fields the server owns: never sent, never stored as the record's own (top-level names). */
    serverFields: z.array(plainName).max(50),
  })
  .strict();
export type RecordsFormat = z.infer<typeof RecordsFormat>;

export const defaultRecordsFormat: RecordsFormat = {
  itemsField: 'items',
  nextCursorField: 'next_cursor',
  hasMoreField: 'has_more',
  sinceParam: 'since',
  cursorParam: 'cursor',
  limitParam: 'limit',
  pageSize: 200,
  idField: 'id',
  versionField: 'version',
  deletedField: 'deleted',
  serverFields: ['id', 'version', 'created_at', 'updated_at', 'deleted', 'deleted_at'],
};

/**
 * Where error answers keep a person's message and a machine code, tried in order; when none of a
 * profile's paths holds text, the common shapes are tried after them. A platform without codes
 * leaves `code` out.
 */
export const ErrorFields = z.object({ message: aliases, code: aliases.optional() }).strict();
export type ErrorFields = z.infer<typeof ErrorFields>;

/**
 * The common shapes: `{error:{message|detail}}`, OAuth's `error_description`, `{message}`, RFC 7807, `{errors:[…]}`.
 */
export const defaultErrorFields: ErrorFields = {
  message: [
    'error.message',
    'error.detail',
    'error_description',
    'message',
    'detail',
    'errors.0.message',
    'errors.0.detail',
    'errors.0.msg',
    'detail.0.msg',
    'errors.0',
    'error',
    'title',
  ],
  code: ['error.code', 'code', 'error', 'errors.0.code', 'type'],
};

export const PROFILE_VERSION = 2;

/** What platform-api.md leaves open, as validated configuration. Holds no secrets. */
export const PlatformProfile = z
  .object({
    /** Format version: 2. A version-1 profile (no such field) is read as 2; see `migrateProfile`. */
    version: z.literal(PROFILE_VERSION).default(PROFILE_VERSION),
    id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'use lowercase letters, digits and "-"'),
    name: z.string().min(1).max(100),
    /** Absolute http(s) URL, or null when the user enters it (or the embedded sandbox provides it). */
    baseUrl: z.url({ protocol: /^https?$/ }).nullable(),
    /** The app starts the built-in sandbox and uses its address. */
    embeddedSandbox: z.boolean(),
    auth: z
      .object({
        /** Authorization header value = prefix + token ("Bearer " by default, "" for a raw token). */
        scheme: headerScheme,
        apiKeyScheme: headerScheme,
        login: z
          .object({
            path,
            usernameField: requestField,
            passwordField: requestField,
            clientIdField: requestField.nullable(),
            extra: extraFields,
          })
          .strict(),
        /** tokenField null: the token travels in the Authorization header instead of the body. */
        validate: z.object({ path, tokenField: requestField.nullable(), extra: extraFields }).strict(),
        refresh: z
          .object({
            path,
            refreshTokenField: requestField,
            clientIdField: requestField,
            clientSecretField: requestField,
            extra: extraFields,
          })
          .strict(),
        /**
         * Where to find each value in login/refresh/validate answers. Only the access token is
         * required: leave out what the platform does not send (no refresh token means signing in
         * again when the access token expires).
         */
        responseFields: z
          .object({
            accessToken: aliases,
            refreshToken: aliases.optional(),
            expiresIn: aliases.optional(),
            expiresAt: aliases.optional(),
            accountId: aliases.optional(),
            valid: aliases.optional(),
          })
          .strict(),
        /** How expiry values are written; "auto" tells them apart by their size and form. */
        expiry: z
          .object({
            /** `expiresIn`: a duration. */
            expiresIn: z.enum(['auto', 'seconds', 'milliseconds']).default('auto'),
            /** `expiresAt`: a moment. */
            expiresAt: z.enum(['auto', 'iso', 'unix-seconds', 'unix-milliseconds']).default('auto'),
          })
          .strict()
          .default({ expiresIn: 'auto', expiresAt: 'auto' }),
      })
      .strict(),
    /** Where error answers keep the human message and the machine code. */
    errors: ErrorFields.default(defaultErrorFields),
    ai: z.record(AiOperation, AiOperationSpec),
    groups: z.record(ResourceGroup, GroupEndpoints),
    records: RecordsFormat.default(defaultRecordsFormat),
  })
  .strict();
export type PlatformProfile = z.infer<typeof PlatformProfile>;

/** A short summary of a profile for screens. */
export const ProfileSummary = z.object({
  id: z.string(),
  name: z.string(),
  builtin: z.boolean(),
  embeddedSandbox: z.boolean(),
  baseUrl: z.string().nullable(),
  /** The address last used with this profile when it has none of its own (choosing it again needs no typing). */
  lastAddress: z.string().nullable(),
  groups: z.record(ResourceGroup, z.enum(['specified', 'unspecified'])),
  /** Changes whenever anything in the profile does (a digest of its content). */
  revision: z.string(),
});
export type ProfileSummary = z.infer<typeof ProfileSummary>;

/**
 * Bring an older profile to the current format before it is validated. Version 1 had no
 * `version`, `errors`, `expiry`, AI `response`/`poll`, and every token field was required:
 * everything it said still means the same, so only the version changes.
 */
export function migrateProfile(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const o = raw as Record<string, unknown>;
  if (o.version === undefined || o.version === 1) return { ...o, version: PROFILE_VERSION };
  return o;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each AI operation with the profile's `aiDefaults` filled in where it states nothing itself. */
function expandAi(ai: unknown, defaults: Json): unknown {
  if (!isObject(ai)) return ai;
  return Object.fromEntries(
    Object.entries(ai).map(([op, spec]) => [op, isObject(spec) ? { ...defaults, ...spec } : spec]),
  );
}

/** Each group written `{"collection": base}` with its conventional endpoints (see `collectionEndpoints`). */
function expandGroups(groups: unknown, issues: z.core.$ZodIssue[]): unknown {
  if (!isObject(groups)) return groups;
  const expanded = Object.entries(groups).map(([name, group]) => {
    if (!isObject(group) || !('collection' in group)) return [name, group];
    const { collection, ...stated } = group;
    const base = path.safeParse(collection);
    if (!base.success) {
      issues.push(...base.error.issues.map((i) => ({ ...i, path: ['groups', name, 'collection', ...i.path] })));
      return [name, stated];
    }
    const endpoints: Json = { ...collectionEndpoints(base.data), ...stated };
    for (const [key, value] of Object.entries(endpoints)) if (value === null) delete endpoints[key];
    return [name, endpoints];
  });
  return Object.fromEntries(expanded);
}

/**
 * A profile's shorthands written out: `aiDefaults` into each operation, `collection` groups into their
 * endpoints. What the shorthands themselves get wrong is reported at their own place.
 */
function expandShorthands(raw: unknown): { value: unknown; issues: z.core.$ZodIssue[] } {
  const issues: z.core.$ZodIssue[] = [];
  if (!isObject(raw)) return { value: raw, issues };
  const { aiDefaults, ...profile } = raw;
  if (aiDefaults !== undefined) {
    const parsed = AiDefaults.safeParse(aiDefaults);
    if (parsed.success) profile.ai = expandAi(profile.ai, aiDefaults as Json);
    else issues.push(...parsed.error.issues.map((i) => ({ ...i, path: ['aiDefaults', ...i.path] })));
  }
  if ('groups' in profile) profile.groups = expandGroups(profile.groups, issues);
  return { value: profile, issues };
}

/** A profile read, or the error naming each field at fault. */
export type ProfileParse =
  { success: true; data: PlatformProfile; error?: undefined } | { success: false; error: z.ZodError; data?: undefined };

/** Validate any version of a profile, shorthands and all; the parsed profile is written out in full. */
export function parseProfile(raw: unknown): ProfileParse {
  const { value, issues } = expandShorthands(migrateProfile(raw));
  if (issues.length > 0) return { success: false, error: new z.ZodError(issues) };
  const result = PlatformProfile.safeParse(value);
  return result.success ? result : { success: false, error: new z.ZodError(result.error.issues.flatMap(pickBranch)) };
}

/**
 * A union refused says only "Invalid input". When one of its options got past the type of the value
 * (an object given where a group is "unspecified" or endpoints), that option's issues say what is wrong.
 */
function pickBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const reached = issue.errors.filter((branch) => branch.some((i) => i.path.length > 0));
  if (reached.length !== 1) {
    const wanted = issue.errors.map((branch) => branch[0]?.message.replace(/^Invalid input: /, '')).filter(Boolean);
    return [{ ...issue, message: `Invalid input: ${[...new Set(wanted)].join('; or ')}` }];
  }
  return reached[0]!.flatMap((i) => pickBranch({ ...i, path: [...issue.path, ...i.path] }));
}

/** A profile as written by hand (defaults may be left out). */
export type PlatformProfileInput = z.input<typeof PlatformProfile>;
