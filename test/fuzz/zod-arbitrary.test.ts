import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../src/shared/contract';
import { confinePath, confineStrings, isInside } from './confine';
import { mutated } from './documents';
import { Tally } from './tally';
import { arbitraryFor } from './zod-arbitrary';

const sample = <T>(arb: fc.Arbitrary<T>, n = 300) => fc.sample(arb, { numRuns: n, seed: 42 });

describe('arbitraries derived from zod 4 schemas', () => {
  it('without hostile values, mostly makes inputs the schema accepts', () => {
    const schema = z
      .object({
        name: z.string().trim().min(1).max(20),
        count: z.int().min(1).max(8),
        ratio: z.number().min(0).max(1),
        kind: z.enum(['a', 'b']),
        tag: z.literal('t'),
        when: z.iso.datetime({ offset: true }),
        id: z.string().regex(/^[a-f0-9-]{36}$/),
        list: z.array(z.string().max(5)).min(1).max(3),
        extra: z.record(z.string().max(10), z.unknown()),
        choice: z.discriminatedUnion('k', [
          z.object({ k: z.literal('x'), x: z.boolean() }).strict(),
          z.object({ k: z.literal('y') }).strict(),
        ]),
        maybe: z.string().nullable().optional(),
        fallback: z.int().default(3),
      })
      .strict();
    const values = sample(arbitraryFor(schema, { hostility: 0 }));
    const accepted = values.filter((v) => schema.safeParse(v).success).length;
    // Boundary strings (max length) and over-long arrays are the refused ones, on purpose.
    expect(accepted / values.length).toBeGreaterThan(0.6);
  });

  it('every contract input schema yields inputs it accepts, and others it refuses', () => {
    for (const [name, spec] of Object.entries(contract)) {
      const values = sample(arbitraryFor(spec.input, { hostility: 0 }), 60);
      const accepted = values.filter((v) => spec.input.safeParse(v).success).length;
      expect(accepted, name).toBeGreaterThan(0);
      const hostile = sample(arbitraryFor(spec.input, { hostility: 1 }), 60);
      expect(hostile.filter((v) => !spec.input.safeParse(v).success).length, name).toBeGreaterThan(0);
    }
  });

  it('offers known ids to string fields and keeps prototype keys as own properties', () => {
    const schema = z.object({ id: z.string().min(1).max(50) }).strict();
    const values = sample(arbitraryFor(schema, { hostility: 1, ids: ['rec_123'] }), 500);
    expect(values.some((v) => (v as { id?: unknown }).id === 'rec_123')).toBe(true);
    const polluted = values.filter((v) => typeof v === 'object' && v !== null && Object.hasOwn(v, '__proto__'));
    expect(polluted.length).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('uses an override for a field path, hostile values included', () => {
    const schema = z.object({ folder: z.string(), other: z.string() });
    const values = sample(arbitraryFor(schema, { hostility: 1, overrides: { folder: fc.constant('/safe') } }), 200);
    const objects = values.filter(
      (v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v),
    );
    const folders = objects.map((v) => v.folder).filter((f) => f !== undefined);
    expect(folders.length).toBeGreaterThan(50);
    expect(new Set(folders)).toEqual(new Set(['/safe']));
  });
});

describe('confining paths to the fuzz folder', () => {
  const fence = { root: '/fuzz-root', cwd: '/fuzz-root/cwd' };

  it('keeps paths inside and re-roots the rest, relative ones included', () => {
    expect(confinePath('/fuzz-root/a', fence)).toBe('/fuzz-root/a');
    expect(confinePath('x', fence)).toBe('x');
    expect(confinePath('/', fence)).toBe('/fuzz-root/elsewhere/');
    expect(confinePath('../../..', fence)).toBe('/fuzz-root/elsewhere/');
    expect(isInside(path.resolve(fence.cwd, confinePath('/etc/passwd', fence)), fence.root)).toBe(true);
    expect(isInside('/fuzz-rootless', fence.root)).toBe(false);
  });

  it('reaches every string of a nested input, cycles and all', () => {
    const input: Record<string, unknown> = { paths: ['/etc', 'ok', ['/']], n: 3 };
    input.self = input;
    confineStrings(input, fence);
    expect(input.paths).toEqual(['/fuzz-root/elsewhere/etc', 'ok', ['/fuzz-root/elsewhere/']]);
  });
});

describe('mutated documents and the tally', () => {
  it('changes a document without touching the original', () => {
    const doc = { a: { b: [1, 2, { c: 'x' }] }, d: true };
    const copies = sample(mutated(doc), 100);
    expect(doc).toEqual({ a: { b: [1, 2, { c: 'x' }] }, d: true });
    expect(copies.some((c) => JSON.stringify(c) !== JSON.stringify(doc))).toBe(true);
  });

  it('counts results by kind and reports a total', () => {
    const t = new Tally();
    t.add('x', 'ok');
    t.add('x', 'validation');
    t.add('y', 'ok');
    expect(t.tried('x')).toBe(2);
    const report = t.report('demo');
    expect(report).toContain('demo: 3 inputs over 2 targets');
    expect(report).toMatch(/total\s+3\s+ok 2 · validation 1/);
  });
});
