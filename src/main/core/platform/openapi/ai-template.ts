import type { AiOperation, AiParamSpec } from '../../../../shared/profile';
import { facts, propertiesOf, typeOf } from './schema-walk';

/** How an operation's body is written, read from its request schema. */
export interface TemplateProposal {
  media: 'base64' | 'url' | 'none';
  image: Record<string, string>;
  /** Top-level fields other than model_id and image (a prompt beside image, say). */
  top: Record<string, string>;
  params: AiParamSpec[];
  models: string[];
  /** Properties the template fills, for the notes. */
  filled: string[];
}

export const TEXT_INPUT: ReadonlySet<AiOperation> = new Set(['text2image', 'text2video']);

const PROMPT = /^(prompt|text|caption|description|input[_-]?text)$/i;
const BASE64 = /^(data|base64|b64|b64[_-]?json|content|bytes|file|media|image[_-]?data)$/i;
const URL_NAME = /^(url|uri|href|media[_-]?url|image[_-]?url|source[_-]?url|file[_-]?url)$/i;
const MIME = /^(mime[_-]?type|mime|content[_-]?type|media[_-]?type)$/i;
const FILE_NAME = /^(name|file[_-]?name)$/i;
const MODEL = /^model([_-]?id)?$/i;

/** A media input's placeholder by the property's name and format; undefined when it is not media. */
function mediaSlot(name: string, schema: unknown): { slot: string; kind: 'base64' | 'url' } | undefined {
  const f = facts(schema);
  const says = `${f.format ?? ''} ${f.contentEncoding ?? ''} ${f.description ?? ''}`;
  // Plain base64 wins when a field takes either ("base64, or a data URL"): it is the smaller promise.
  if (/^data[_-]?url$/i.test(name)) return { slot: '{{media.data_url}}', kind: 'base64' };
  if (BASE64.test(name) || /byte|base64/i.test(says)) return { slot: '{{media.base64}}', kind: 'base64' };
  if (/data[ :-]?url/i.test(says)) return { slot: '{{media.data_url}}', kind: 'base64' };
  if (URL_NAME.test(name) || f.format === 'uri' || f.format === 'url') return { slot: '{{media.url}}', kind: 'url' };
  return undefined;
}

function label(name: string, title: string | undefined): string {
  if (title) return title.slice(0, 100);
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return (words.charAt(0).toUpperCase() + words.slice(1)).slice(0, 100) || name;
}

/** A parameter the form can offer, from a number, integer or string property. */
export function paramOf(name: string, schema: unknown): AiParamSpec | null {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) return null;
  const f = facts(schema);
  const t = typeOf(schema);
  const color =
    t === 'string' && (/colou?r/i.test(name) || /#|\[0-9a-f/i.test(f.pattern ?? '') || f.format === 'color');
  const type =
    t === 'integer' ? 'integer' : t === 'number' ? 'number' : color ? 'color' : t === 'string' ? 'text' : null;
  if (!type) return null;
  const spec: AiParamSpec = { name, label: label(name, f.title), type };
  if (f.minimum !== undefined) spec.min = f.minimum;
  if (f.maximum !== undefined) spec.max = f.maximum;
  if (typeof f.default === 'number' || typeof f.default === 'string') spec.default = f.default;
  if (f.description) spec.help = f.description.slice(0, 300);
  return spec;
}

const stringsOf = (values: unknown[] | undefined) =>
  (values ?? []).filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200);

/** Placeholders for the prompt and the media, parameters for the rest of `image`. */
export function templateFromBody(op: AiOperation, body: unknown): TemplateProposal {
  const props = propertiesOf(body);
  const model = props.find(([n]) => MODEL.test(n));
  const out: TemplateProposal = {
    media: 'none',
    image: {},
    top: {},
    params: [],
    models: stringsOf(facts(model?.[1]).enum).slice(0, 200),
    filled: [],
  };
  const image = props.find(([n]) => n === 'image')?.[1];
  const textInput = TEXT_INPUT.has(op);
  for (const [name, schema] of propertiesOf(image)) {
    const media = textInput ? undefined : mediaSlot(name, schema);
    if (media && (out.media === 'none' || (out.media === 'url' && media.kind === 'base64'))) out.media = media.kind;
    const slot =
      PROMPT.test(name) && typeOf(schema) === 'string'
        ? '{{prompt}}'
        : (media?.slot ?? (textInput ? undefined : mediaExtra(name)));
    if (slot) {
      out.image[name] = slot;
      out.filled.push(`image.${name}`);
      continue;
    }
    const param = paramOf(name, schema);
    if (param && out.params.length < 50) out.params.push(param);
  }
  const topPrompt = props.find(([n, s]) => n !== 'image' && PROMPT.test(n) && typeOf(s) === 'string');
  if (!Object.values(out.image).includes('{{prompt}}') && topPrompt) {
    out.top[topPrompt[0]] = '{{prompt}}';
    out.filled.push(topPrompt[0]);
  }
  return dropUnusedMedia(out);
}

const mediaExtra = (name: string) =>
  MIME.test(name) ? '{{media.mime}}' : FILE_NAME.test(name) ? '{{media.name}}' : undefined;

/** Both base64 and URL slots: the profile sends one way, so the other slot goes. */
function dropUnusedMedia(t: TemplateProposal): TemplateProposal {
  const other = t.media === 'base64' ? '{{media.url}}' : '{{media.base64}}';
  for (const [k, v] of Object.entries(t.image)) {
    if (v === other || (t.media === 'url' && v === '{{media.data_url}}')) {
      delete t.image[k];
      t.filled = t.filled.filter((f) => f !== `image.${k}`);
    }
  }
  return t;
}
