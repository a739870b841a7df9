import { z } from 'zod';
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

/**
 * What is wrong with a parameter's text, in words; undefined when it can be sent (empty: the
 * platform's default applies).
 */
export function paramProblem(s: AiParamSpec, value: string): string | undefined {
  const raw = value.trim();
  if (raw === '' || s.type === 'text' || s.type === 'color') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) return 'Enter a number';
  if (s.type === 'integer' && !Number.isInteger(n)) return 'Enter a whole number';
  if ((s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max)) return `Enter a number ${rangeText(s)}`;
  return undefined;
}

/** The values to send, checked against their specs; empty fields are left out (the platform's defaults apply). */
export function paramsFromValues(
  specs: readonly AiParamSpec[],
  values: ParamValues,
): { params: AiParams; errors: Record<string, string> } {
  const params: AiParams = {};
  const errors: Record<string, string> = {};
  for (const s of specs) {
    const raw = (values[s.name] ?? '').trim();
    const problem = paramProblem(s, raw);
    if (problem) errors[s.name] = problem;
    else if (raw !== '') params[s.name] = s.type === 'text' || s.type === 'color' ? raw : Number(raw);
  }
  return { params, errors };
}

/** The operation's parameters as a schema: each one's text checked against its spec. */
export function paramsSchema(specs: readonly AiParamSpec[]) {
  const one = (s: AiParamSpec) =>
    z.string().superRefine((v, ctx) => {
      const message = paramProblem(s, v);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
  return z.object(Object.fromEntries(specs.map((s) => [s.name, one(s)])));
}
