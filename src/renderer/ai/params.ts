import type { AiParams, AiParamSpec } from '../../shared/ai';

/** What the form holds per parameter: the text of its input (numbers too, so a half-typed value survives). */
export type ParamValues = Record<string, string>;

/** "#abc" → "#aabbcc"; anything a colour input cannot show → null. */
export function toColor(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : null;
}

/** Each parameter's default as the form shows it. */
export function initialParamValues(specs: readonly AiParamSpec[]): ParamValues {
  const out: ParamValues = {};
  for (const s of specs) {
    const d = s.default === undefined ? '' : String(s.default);
    out[s.name] = s.type === 'color' ? (toColor(d) ?? '#000000') : d;
  }
  return out;
}

function rangeText(s: AiParamSpec): string {
  if (s.min !== undefined && s.max !== undefined) return `between ${s.min} and ${s.max}`;
  if (s.min !== undefined) return `${s.min} or more`;
  return `${s.max} or less`;
}

/** The values to send, checked against their specs; empty fields are left out (the platform's defaults apply). */
export function paramsFromValues(specs: readonly AiParamSpec[], values: ParamValues): { params: AiParams; errors: Record<string, string> } {
  const params: AiParams = {};
  const errors: Record<string, string> = {};
  for (const s of specs) {
    const raw = (values[s.name] ?? '').trim();
    if (raw === '') continue;
    if (s.type === 'text' || s.type === 'color') {
      params[s.name] = raw;
      continue;
    }
    const n = Number(raw);
    if (!Number.isFinite(n)) errors[s.name] = 'Enter a number';
    else if (s.type === 'integer' && !Number.isInteger(n)) errors[s.name] = 'Enter a whole number';
    else if ((s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max)) errors[s.name] = `Enter a number ${rangeText(s)}`;
    else params[s.name] = n;
  }
  return { params, errors };
}
