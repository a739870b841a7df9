import { z } from 'zod';

/** The eight AI operations the platform publishes. */
export const aiOperations = ['image2image', 'image2text', 'image2video', 'text2image', 'text2video', 'video2text', 'video2video', 'wave2text'] as const;
export const AiOperation = z.enum(aiOperations);
export type AiOperation = z.infer<typeof AiOperation>;

/** The platform's resource groups. */
export const resourceGroups = ['assets', 'automations', 'contentPlans', 'creatives', 'mediaQueue', 'mediaTemplates', 'posts'] as const;
export const ResourceGroup = z.enum(resourceGroups);
export type ResourceGroup = z.infer<typeof ResourceGroup>;

const path = z.string().startsWith('/', 'must start with "/"').max(500);
const fieldName = z.string().min(1).max(100);
const aliases = z.array(fieldName).min(1).max(10);

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
      itemsField: fieldName.optional(),
    })
    .strict(),
]);
export type GroupEndpoints = z.infer<typeof GroupEndpoints>;

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

export const AiOperationSpec = z
  .object({
    path,
    /** How media inputs travel in the body: inline base64 or a URL the platform can fetch. */
    media: z.enum(['base64', 'url', 'none']),
    /** Body template; "{{name}}" strings are replaced (model_id, prompt, media…). Must hold model_id and image. */
    template: z
      .object({ model_id: z.string(), image: z.record(z.string(), z.unknown()) })
      .loose(),
    /** Models offered in the form (the user's recent ones are added). */
    models: z.array(z.string().min(1).max(200)).max(200),
    /** Parameters the form offers; their values go into the body's "image" object. */
    params: z.array(AiParamSpec).max(50).optional(),
  })
  .strict();
export type AiOperationSpec = z.infer<typeof AiOperationSpec>;

/** How resource lists page and how records name their server fields (the sandbox's shape by default). */
export const RecordsFormat = z
  .object({
    itemsField: fieldName,
    nextCursorField: fieldName,
    hasMoreField: fieldName,
    /** Query parameter that asks for changes after a cursor (including deletions). */
    sinceParam: fieldName,
    cursorParam: fieldName,
    limitParam: fieldName,
    pageSize: z.int().min(1).max(1000),
    idField: fieldName,
    versionField: fieldName,
    deletedField: fieldName,
    /** Fields the server owns: never sent, never stored as the record's own. */
    serverFields: z.array(fieldName).max(50),
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

/** What platform-api.md leaves open, as validated configuration. Holds no secrets. */
export const PlatformProfile = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'use lowercase letters, digits and "-"'),
    name: z.string().min(1).max(100),
    /** Absolute http(s) URL, or null when the user enters it (or the embedded sandbox provides it). */
    baseUrl: z.url({ protocol: /^https?$/ }).nullable(),
    /** The app starts the built-in sandbox and uses its address. */
    embeddedSandbox: z.boolean(),
    auth: z
      .object({
        /** Authorization header value = prefix + token ("Bearer " by default, "" for a raw token). */
        scheme: z.object({ header: fieldName, prefix: z.string().max(50) }).strict(),
        apiKeyScheme: z.object({ header: fieldName, prefix: z.string().max(50) }).strict(),
        login: z.object({ path, usernameField: fieldName, passwordField: fieldName, clientIdField: fieldName.nullable() }).strict(),
        validate: z.object({ path, tokenField: fieldName }).strict(),
        refresh: z.object({ path, refreshTokenField: fieldName, clientIdField: fieldName, clientSecretField: fieldName }).strict(),
        /** Where to find each value in login/refresh/validate responses (dots reach into objects). */
        responseFields: z
          .object({
            accessToken: aliases,
            refreshToken: aliases,
            expiresIn: aliases,
            expiresAt: aliases,
            accountId: aliases,
            valid: aliases,
          })
          .strict(),
      })
      .strict(),
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
  groups: z.record(ResourceGroup, z.enum(['specified', 'unspecified'])),
  /** Changes whenever anything in the profile does (a digest of its content). */
  revision: z.string(),
});
export type ProfileSummary = z.infer<typeof ProfileSummary>;
