import crypto from 'node:crypto';
import type { AiParams, AiParamSpec } from '../../../shared/ai';
import type { AiOperationSpec } from '../../../shared/profile';
import { fail } from '../errors';

/** The media input as the body needs it. */
export interface BodyMedia {
  sha256: string;
  mimeType: string;
  name: string;
  size: number;
  /** Where the platform already holds it (a result it produced). */
  url: string | null;
}

export interface BodyValues {
  operation: string;
  modelId: string;
  prompt: string | null;
  params: AiParams;
  media: BodyMedia | null;
}

/**
 * A request body ready to stream: JSON text around one place where the media's base64 goes.
 * `prefix + base64(media) + suffix` is the body; without media it is just `prefix`.
 */
export interface RenderedBody {
  prefix: string;
  suffix: string;
  /** The media streamed between prefix and suffix, base64-encoded, or null. */
  streamed: BodyMedia | null;
  /** The body as provenance: the media replaced by a note of its hash. */
  provenance: unknown;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}$/;
const STREAMED = new Set(['media.base64', 'media.data_url']);

/** Check user parameters against the profile's specs: known names, right types, in range. */
export function checkParams(specs: AiParamSpec[], params: AiParams): AiParams {
  const out: AiParams = {};
  const byName = new Map(specs.map((s) => [s.name, s]));
  const issues: { path: string; message: string }[] = [];
  for (const [name, value] of Object.entries(params)) {
    const spec = byName.get(name);
    if (!spec) {
      issues.push({ path: `params.${name}`, message: `This operation has no parameter "${name}".` });
      continue;
    }
    if (spec.type === 'integer' || spec.type === 'number') {
      if (typeof value !== 'number' || (spec.type === 'integer' && !Number.isInteger(value))) {
        issues.push({
          path: `params.${name}`,
          message: `${spec.label} must be ${spec.type === 'integer' ? 'a whole number' : 'a number'}.`,
        });
        continue;
      }
      if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) {
        issues.push({
          path: `params.${name}`,
          message: `${spec.label} must be between ${spec.min ?? '−∞'} and ${spec.max ?? '∞'}.`,
        });
        continue;
      }
    } else if (typeof value !== 'string') {
      issues.push({ path: `params.${name}`, message: `${spec.label} must be text.` });
      continue;
    } else if (spec.type === 'color' && !/^#[0-9a-fA-F]{6}$/.test(value)) {
      issues.push({ path: `params.${name}`, message: `${spec.label} must be a colour like #3366ff.` });
      continue;
    }
    out[name] = value;
  }
  if (issues.length > 0) fail('validation', issues.map((i) => i.message).join(' '), { issues });
  return out;
}

function scalar(name: string, v: BodyValues): unknown {
  if (name === 'model_id') return v.modelId;
  if (name === 'prompt') {
    if (v.prompt === null || v.prompt === '')
      fail('validation', 'Write a prompt first.', { issues: [{ path: 'prompt', message: 'A prompt is required.' }] });
    return v.prompt;
  }
  if (name.startsWith('params.')) return v.params[name.slice('params.'.length)] ?? null;
  if (name.startsWith('media.')) {
    const m = v.media;
    if (!m)
      fail('validation', `${v.operation} needs a media input: choose a file, a library item or a result.`, {
        issues: [{ path: 'input', message: 'A media input is required.' }],
      });
    if (name === 'media.mime') return m.mimeType;
    if (name === 'media.name') return m.name;
    if (name === 'media.sha256') return m.sha256;
    if (name === 'media.url') {
      if (!m.url) {
        fail('validation', `The platform takes media by URL, and "${m.name}" is not on the platform yet.`, {
          hint: 'Use a result the platform produced as the input, or a profile that sends media inline.',
        });
      }
      return m.url;
    }
  }
  fail('validation', `The platform profile's body template uses {{${name}}}, which Atelier does not know.`, {
    hint: 'Fix the profile, or choose another one in Settings.',
  });
}

/**
 * Fill the profile's template: `{{model_id}}`, `{{prompt}}`, `{{params.x}}`, `{{media.*}}`; parameters not in the
 * template go into `image`.
 */
export function renderBody(spec: AiOperationSpec, v: BodyValues): RenderedBody {
  const marker = `@@media-${crypto.randomUUID()}@@`;
  let streamedUses = 0;
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = WHOLE.exec(value);
      if (whole && !STREAMED.has(whole[1] as string)) return scalar(whole[1] as string, v);
      return value.replace(PLACEHOLDER, (_m, name: string) => {
        if (STREAMED.has(name)) {
          if (!v.media) scalar('media.base64', v);
          streamedUses += 1;
          return name === 'media.data_url' ? `data:${v.media?.mimeType};base64,${marker}` : marker;
        }
        const s = scalar(name, v);
        return typeof s === 'string' ? s : JSON.stringify(s);
      });
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, fill(x)]));
    return value;
  };
  const body = fill(spec.template) as { image: Record<string, unknown> } & Record<string, unknown>;
  if (streamedUses > 1)
    fail('validation', 'The platform profile sends the media data twice in one body, which Atelier does not support.', {
      hint: 'Fix the profile.',
    });
  for (const [name, value] of Object.entries(v.params)) if (!(name in body.image)) body.image[name] = value;
  const json = JSON.stringify(body);
  const at = json.indexOf(marker);
  const streamed = at >= 0 ? v.media : null;
  if (spec.media === 'base64' && v.media && !streamed) {
    fail(
      'validation',
      'The platform profile sends media inline but its template has no {{media.base64}} or {{media.data_url}}.',
      { hint: 'Fix the profile.' },
    );
  }
  const provenance = streamed ? JSON.parse(json.replace(marker, `<base64 of sha256:${streamed.sha256}>`)) : body;
  return at >= 0
    ? { prefix: json.slice(0, at), suffix: json.slice(at + marker.length), streamed, provenance }
    : { prefix: json, suffix: '', streamed: null, provenance };
}

/** Bytes of base64 text for `size` bytes. */
export function base64Length(size: number): number {
  return Math.ceil(size / 3) * 4;
}

/** Total body bytes (the JSON around the media is ASCII-safe JSON, but prompts may not be). */
export function bodyLength(body: RenderedBody): number {
  return (
    Buffer.byteLength(body.prefix) +
    Buffer.byteLength(body.suffix) +
    (body.streamed ? base64Length(body.streamed.size) : 0)
  );
}

/** Canonical JSON (sorted keys) for fingerprints. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests the same: the same platform, operation, model, prompt, parameters and input bytes. */
export function fingerprint(profileKey: string, v: Omit<BodyValues, 'media'> & { inputSha: string | null }): string {
  return crypto
    .createHash('sha256')
    .update(
      canonical({
        profile: profileKey,
        operation: v.operation,
        model: v.modelId,
        prompt: v.prompt,
        params: v.params,
        input: v.inputSha,
      }),
    )
    .digest('hex');
}
