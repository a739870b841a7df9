import {
  aiOperations,
  defaultErrorFields,
  defaultRecordsFormat,
  PROFILE_VERSION,
  type AiOperation,
  type AiOperationSpec,
  type PlatformProfile,
  type ResourceGroup,
} from '../../../shared/profile';

const responseFields: PlatformProfile['auth']['responseFields'] = {
  accessToken: ['access_token', 'accessToken', 'token', 'data.access_token'],
  refreshToken: ['refresh_token', 'refreshToken', 'data.refresh_token'],
  expiresIn: ['expires_in', 'expiresIn'],
  expiresAt: ['expires_at', 'expiresAt', 'exp'],
  accountId: ['account_id', 'accountId', 'user_id', 'user.id', 'sub'],
  valid: ['valid', 'active', 'is_valid'],
};

const published = {
  scheme: { header: 'Authorization', prefix: 'Bearer ' },
  apiKeyScheme: { header: 'Authorization', prefix: 'Bearer ' },
  login: { path: '/user/login', usernameField: 'username', passwordField: 'password', clientIdField: 'client_id' },
  validate: { path: '/user/token/validate', tokenField: 'token' },
  refresh: {
    path: '/user/token/refresh',
    refreshTokenField: 'refresh_token',
    clientIdField: 'client_id',
    clientSecretField: 'client_secret',
  },
  responseFields,
  expiry: { expiresIn: 'auto', expiresAt: 'auto' },
} satisfies PlatformProfile['auth'];

const textInput = new Set(['text2image', 'text2video']);

type Params = NonNullable<AiOperationSpec['params']>;
const seed: Params[number] = {
  name: 'seed',
  label: 'Seed',
  type: 'integer',
  min: 0,
  max: 2_147_483_647,
  default: 0,
  help: 'The same seed gives the same result.',
};
const size = (maxW: number, maxH: number, w: number, h: number): Params => [
  { name: 'width', label: 'Width (px)', type: 'integer', min: 16, max: maxW, default: w },
  { name: 'height', label: 'Height (px)', type: 'integer', min: 16, max: maxH, default: h },
];
const timing: Params = [
  { name: 'duration_s', label: 'Duration (s)', type: 'number', min: 0.5, max: 10, default: 2 },
  { name: 'fps', label: 'Frames per second', type: 'integer', min: 1, max: 30, default: 12 },
];

/** The sandbox's documented parameters (docs/sandbox.md); the published platform lists none. */
const sandboxParams: Record<AiOperation, Params> = {
  text2image: [...size(2048, 2048, 512, 512), seed],
  image2image: [
    { name: 'sigma', label: 'Blur strength', type: 'number', min: 0.3, max: 100, default: 4, help: 'Used by blur-1.' },
    { name: 'color', label: 'Tint colour', type: 'color', default: '#3366ff', help: 'Used by tint-1.' },
  ],
  image2text: [],
  image2video: timing,
  text2video: [...size(1280, 720, 320, 240), ...timing, seed],
  video2text: [],
  video2video: [],
  wave2text: [],
};

function aiSpec(models: (op: AiOperation) => string[], params?: (op: AiOperation) => Params): PlatformProfile['ai'] {
  const out = {} as PlatformProfile['ai'];
  for (const op of aiOperations) {
    const media = textInput.has(op) ? 'none' : 'base64';
    const image: Record<string, unknown> =
      media === 'none' ? { prompt: '{{prompt}}' } : { data: '{{media.base64}}', mime_type: '{{media.mime}}' };
    const spec: AiOperationSpec = {
      path: `/v2/ai/${op}`,
      media,
      template: { model_id: '{{model_id}}', image },
      models: models(op),
    };
    if (params) spec.params = params(op);
    out[op] = spec;
  }
  return out;
}

const crud = (segment: string) => ({
  list: { method: 'GET' as const, path: `/v2/${segment}` },
  create: { method: 'POST' as const, path: `/v2/${segment}` },
  get: { method: 'GET' as const, path: `/v2/${segment}/{id}` },
  update: { method: 'PATCH' as const, path: `/v2/${segment}/{id}` },
  delete: { method: 'DELETE' as const, path: `/v2/${segment}/{id}` },
});

const unspecifiedGroups: Record<ResourceGroup, 'unspecified'> = {
  assets: 'unspecified',
  automations: 'unspecified',
  contentPlans: 'unspecified',
  creatives: 'unspecified',
  mediaQueue: 'unspecified',
  mediaTemplates: 'unspecified',
  posts: 'unspecified',
};

/** The sandbox's documented models (docs/sandbox.md). */
const sandboxModels: Record<AiOperation, string[]> = {
  image2image: ['grayscale-1', 'blur-1', 'tint-1', 'invert-1'],
  image2text: ['caption-1', 'describe-1'],
  image2video: ['zoom-1', 'fade-1'],
  text2image: ['paint-1', 'mosaic-1'],
  text2video: ['motion-1'],
  video2text: ['describe-1'],
  video2video: ['grayscale-1', 'invert-1', 'mirror-1', 'reverse-1'],
  wave2text: ['transcribe-1', 'analyze-1'],
};

/** The built-in sandbox: everything specified, started in-process on a free loopback port. */
export const sandboxProfile: PlatformProfile = {
  version: PROFILE_VERSION,
  id: 'sandbox',
  name: 'Sandbox',
  baseUrl: null,
  embeddedSandbox: true,
  auth: published,
  errors: defaultErrorFields,
  ai: aiSpec(
    (op) => sandboxModels[op],
    (op) => sandboxParams[op],
  ),
  groups: {
    assets: crud('assets'),
    automations: crud('automations'),
    contentPlans: crud('content-plans'),
    creatives: crud('creatives'),
    mediaQueue: {
      list: { method: 'GET', path: '/v2/media-queue' },
      create: { method: 'POST', path: '/v2/media-queue' },
      itemsField: 'items',
    },
    mediaTemplates: crud('media-templates'),
    posts: crud('posts'),
  },
  records: defaultRecordsFormat,
};

/** The real platform as published: auth and AI paths known, resource groups not yet. */
export const platformProfile: PlatformProfile = {
  version: PROFILE_VERSION,
  id: 'platform',
  name: 'Content Creation Platform',
  baseUrl: null,
  embeddedSandbox: false,
  auth: published,
  errors: defaultErrorFields,
  ai: aiSpec(() => []),
  groups: unspecifiedGroups,
  records: defaultRecordsFormat,
};

export const builtinProfiles: PlatformProfile[] = [sandboxProfile, platformProfile];
