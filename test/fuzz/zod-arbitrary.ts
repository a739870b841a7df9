// fast-check arbitraries derived from zod 4 schemas through zod's own introspection (`_zod.def`):
// the published zod→fast-check bridges support zod 3 only, and the contract is written in zod 4.
import fc from 'fast-check';
import type { z } from 'zod';
import { hostileValue, ownObject, PROTO_KEYS } from './hostile';

export interface DeriveOptions {
  /** Weight of a hostile value at every node, against 12 for a value of the right shape; 0: none. */
  hostility: number;
  /** Strings the app already knows (ids of stored records and jobs, tags, profile ids), offered to string fields. */
  ids?: readonly string[];
  /** Words of the domain (the profile's field names, model ids), offered to string fields and record keys. */
  words?: readonly string[];
  /** Integers worth trying (outbox sequence numbers), offered to integer fields. */
  knownInts?: readonly number[];
  /** Addresses offered to URL fields (the in-process sandbox). */
  urls?: readonly string[];
  /** A replacement arbitrary for a field, by path: "folder", "paths[]", "source.path". */
  overrides?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

/** Stands for "leave this key out" while an object is built. */
const ABSENT = Symbol('absent');
/** Longest string or array generated for a field of the right shape (boundaries are tried apart). */
const SHAPED_MAX = 40;

type Core = z.core.$ZodTypes;
type Check = z.core.$ZodChecks;

function checksOf(schema: Core): Check[] {
  return (schema._zod.def.checks ?? []) as Check[];
}

/** Build the arbitrary for any zod schema. */
export function arbitraryFor(schema: z.ZodType, options: DeriveOptions): fc.Arbitrary<unknown> {
  return derive(schema as unknown as Core, options, '');
}

function derive(schema: Core, o: DeriveOptions, at: string): fc.Arbitrary<unknown> {
  // An override brings its own hostile values (a path field's must stay confined).
  const override = o.overrides?.[at];
  if (override) return override;
  const shaped = shape(schema, o, at);
  if (o.hostility <= 0) return shaped;
  return fc.oneof({ weight: 12, arbitrary: shaped }, { weight: o.hostility, arbitrary: hostileValue });
}

function child(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}

function shape(schema: Core, o: DeriveOptions, at: string): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return stringArb(schema, o);
    case 'number':
      return numberArb(schema, o);
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt();
    case 'date':
      return fc.date();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'nan':
      return fc.constant(Number.NaN);
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'array':
      return arrayArb(def.element as Core, checksOf(schema), o, at);
    case 'tuple':
      return fc.tuple(...def.items.map((item, i) => derive(item as Core, o, `${at}[${i}]`)));
    case 'object':
      return objectArb(def.shape as Record<string, Core>, def.catchall as Core | undefined, o, at);
    case 'record':
      return recordArb(def.keyType as Core, def.valueType as Core, o, at);
    case 'union':
      return fc.oneof(...def.options.map((option) => derive(option as Core, o, at)));
    case 'intersection':
      return derive(def.left as Core, o, at);
    case 'optional':
      return fc.option(derive(def.innerType as Core, o, at), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(derive(def.innerType as Core, o, at), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(derive(def.innerType as Core, o, at), { nil: undefined, freq: 3 });
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return derive(def.innerType as Core, o, at);
    case 'pipe':
      return derive(def.in as Core, o, at);
    case 'lazy':
      return fc.constant(null).chain(() => derive(def.getter() as Core, o, at));
    default:
      // unknown, any, never, custom, transform, promise, function, file…: anything goes.
      return anything(o);
  }
}

function stringArb(schema: Core, o: DeriveOptions): fc.Arbitrary<string> {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  let prefix = '';
  let suffix = '';
  let pattern: RegExp | undefined;
  const def = schema._zod.def;
  let format = 'format' in def && typeof def.format === 'string' ? def.format : undefined;
  for (const check of checksOf(schema)) {
    const c = check._zod.def;
    if (c.check === 'string_format' && c.format !== 'regex') format ??= c.format;
    if (c.check === 'min_length') min = Math.max(min, c.minimum);
    else if (c.check === 'max_length') max = Math.min(max, c.maximum);
    else if (c.check === 'length_equals') [min, max] = [c.length, c.length];
    else if (c.check === 'string_format' && c.format === 'regex' && 'pattern' in c && c.pattern instanceof RegExp)
      pattern = c.pattern;
    else if (c.check === 'string_format' && c.format === 'starts_with' && 'prefix' in c && typeof c.prefix === 'string')
      prefix = c.prefix;
    else if (c.check === 'string_format' && c.format === 'ends_with' && 'suffix' in c && typeof c.suffix === 'string')
      suffix = c.suffix;
  }
  const fits = (list: readonly string[] | undefined) => (list ?? []).filter((s) => s.length >= min && s.length <= max);
  const choices: fc.WeightedArbitrary<string>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<string>) => choices.push({ weight, arbitrary });
  if (format === 'url') add(4, urlArb(o));
  else if (format === 'datetime') add(4, dateTimeArb(def));
  else if (format === 'email') add(4, fc.emailAddress());
  else if (format === 'uuid' || format === 'guid') add(4, fc.uuid());
  else if (pattern) add(4, fc.stringMatching(pattern));
  else add(4, plainString(min, max, prefix, suffix));
  const ids = fits(o.ids);
  const words = fits(o.words);
  if (ids.length > 0) add(3, fc.constantFrom(...ids));
  if (words.length > 0) add(1, fc.constantFrom(...words));
  return fc.oneof(...choices);
}

function plainString(min: number, max: number, prefix: string, suffix: string): fc.Arbitrary<string> {
  const upper = Math.max(min, Math.min(max, SHAPED_MAX));
  const body = (unit: 'grapheme-ascii' | 'grapheme' | 'binary') =>
    fc.string({ unit, minLength: min, maxLength: upper });
  const boundaries = [min, Number.isFinite(max) ? max : min + 1000].map((n) =>
    'b'.repeat(Math.max(0, n - prefix.length - suffix.length)),
  );
  return fc
    .oneof(
      { weight: 6, arbitrary: body('grapheme-ascii') },
      { weight: 3, arbitrary: body('grapheme') },
      { weight: 2, arbitrary: body('binary') },
      { weight: 1, arbitrary: fc.constantFrom(...boundaries) },
    )
    .map((s) => `${prefix}${s}${suffix}`);
}

function urlArb(o: DeriveOptions): fc.Arbitrary<string> {
  const local = (o.urls ?? []).length > 0 ? [fc.constantFrom(...(o.urls ?? []))] : [];
  return fc.oneof(
    ...local,
    fc.webUrl({ validSchemes: ['https', 'http'], withQueryParameters: true }),
    fc.constantFrom('https://platform.invalid', 'http://127.0.0.1:9/'),
  );
}

function dateTimeArb(def: Core['_zod']['def']): fc.Arbitrary<string> {
  const offset = 'offset' in def && def.offset === true;
  const instant = fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
    .map((d) => d.toISOString());
  if (!offset) return instant;
  return fc
    .tuple(instant, fc.constantFrom('Z', '+00:00', '+05:30', '-12:00', '+14:00'))
    .map(([iso, zone]) => iso.replace('Z', zone));
}

function numberArb(schema: Core, o: DeriveOptions): fc.Arbitrary<number> {
  let min = -Number.MAX_VALUE;
  let max = Number.MAX_VALUE;
  let minExclusive = false;
  let maxExclusive = false;
  const def = schema._zod.def;
  let integer = 'format' in def && typeof def.format === 'string' && /int/.test(def.format);
  for (const check of checksOf(schema)) {
    const c = check._zod.def;
    if (c.check === 'greater_than' && typeof c.value === 'number') [min, minExclusive] = [c.value, !c.inclusive];
    else if (c.check === 'less_than' && typeof c.value === 'number') [max, maxExclusive] = [c.value, !c.inclusive];
    else if (c.check === 'number_format' && /int/.test(c.format)) integer = true;
  }
  if (integer) {
    const lo = Math.max(Number.MIN_SAFE_INTEGER, Math.ceil(min) + (minExclusive && Number.isInteger(min) ? 1 : 0));
    const hi = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(max) - (maxExclusive && Number.isInteger(max) ? 1 : 0));
    const known = (o.knownInts ?? []).filter((n) => n >= lo && n <= hi);
    const ints = fc.oneof(
      fc.integer({ min: lo, max: hi }),
      fc.constantFrom(lo, hi),
      fc.integer({ min: lo, max: Math.min(hi, lo + 100) }),
    );
    return known.length > 0 ? fc.oneof(ints, fc.constantFrom(...known)) : ints;
  }
  return fc.double({
    min,
    max,
    minExcluded: minExclusive,
    maxExcluded: maxExclusive,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function arrayArb(element: Core, checks: Check[], o: DeriveOptions, at: string): fc.Arbitrary<unknown[]> {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checks) {
    const c = check._zod.def;
    if (c.check === 'min_length') min = c.minimum;
    else if (c.check === 'max_length') max = c.maximum;
  }
  const item = derive(element, o, `${at}[]`);
  const small = fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(max, 6)) });
  // One over the maximum (or far past a missing one): a size limit must be refused in words.
  const over = Number.isFinite(max) && max <= 20_000 ? max + 1 : min + 2_000;
  const large = fc
    .constant(null)
    .chain(() => fc.array(fc.constantFrom(0, 'x', null), { minLength: over, maxLength: over }));
  return fc.oneof({ weight: 12, arbitrary: small }, { weight: 1, arbitrary: large });
}

function objectArb(
  fields: Record<string, Core>,
  catchall: Core | undefined,
  o: DeriveOptions,
  at: string,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  const parts = keys.map((key) => {
    const schema = fields[key] as Core;
    const optional = schema._zod.optin === 'optional';
    const value = derive(schema, o, child(at, key));
    // Required keys go missing too, but only where hostile values are allowed.
    if (optional) return fc.option(value, { nil: ABSENT, freq: 2 });
    return o.hostility > 0 ? fc.option(value, { nil: ABSENT, freq: 20 }) : value;
  });
  const strict = catchall?._zod.def.type === 'never';
  const extraKey = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 12 }));
  // Unknown keys (prototype names among them) where the schema refuses them, or hostile values are on.
  const none = fc.constant<[string, unknown][]>([]);
  const extras =
    o.hostility > 0 || !strict
      ? fc.oneof(
          { weight: 8, arbitrary: none },
          { weight: 1, arbitrary: fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 2 }) },
        )
      : none;
  return fc.tuple(fc.tuple(...parts), extras).map(([values, more]) => {
    const entries: [string, unknown][] = [];
    keys.forEach((key, i) => {
      if (values[i] !== ABSENT) entries.push([key, values[i]]);
    });
    return ownObject([...entries, ...more]);
  });
}

function recordArb(
  keyType: Core,
  valueType: Core,
  o: DeriveOptions,
  at: string,
): fc.Arbitrary<Record<string, unknown>> {
  const key = derive(keyType, { ...o, hostility: 0 }, `${at}{key}`).map((k) => String(k));
  const keys =
    o.hostility > 0
      ? fc.oneof({ weight: 8, arbitrary: key }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) })
      : key;
  const entry = fc.tuple(keys, derive(valueType, o, `${at}{}`));
  return fc.array(entry, { maxLength: 6 }).map((entries) => ownObject(entries));
}

/** A value for a field of any type: JSON, known ids (alone or in a list), or something hostile. */
function anything(o: DeriveOptions): fc.Arbitrary<unknown> {
  const known = [...(o.ids ?? []), ...(o.words ?? [])];
  if (known.length === 0) return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileValue);
  const some = fc.constantFrom(...known);
  return fc.oneof(fc.jsonValue({ maxDepth: 2 }), some, fc.array(some, { maxLength: 3 }), hostileValue);
}
