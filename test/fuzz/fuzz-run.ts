import { inspect } from 'node:util';
import fc from 'fast-check';
import type { Tally } from './tally';

/** Inputs per target: 1,000 in CI; ATELIER_FUZZ_RUNS asks for a longer run. */
export function fuzzRuns(): number {
  const asked = Number(process.env.ATELIER_FUZZ_RUNS);
  return Number.isInteger(asked) && asked > 0 ? asked : 1_000;
}

/** The base seed: fixed, so CI is repeatable; ATELIER_FUZZ_SEED explores elsewhere or replays a failure. */
export function fuzzSeed(): number {
  const asked = Number(process.env.ATELIER_FUZZ_SEED);
  return Number.isInteger(asked) ? asked : 0x5eed;
}

/** A seed per target, so adding one target does not change the inputs of the others. */
export function seedFor(target: string): number {
  let h = fuzzSeed() | 0;
  for (let i = 0; i < target.length; i += 1) h = Math.imul(h ^ target.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** A readable, bounded picture of any generated value (cycles, 1 MB strings, Maps and all). */
export function describeValue(value: unknown): string {
  const text = inspect(value, {
    depth: 5,
    maxStringLength: 160,
    maxArrayLength: 12,
    breakLength: Number.POSITIVE_INFINITY,
  });
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}

/** Rejects with `message` when the promise has not settled in time (a hang is a defect too). */
export async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface FuzzTarget<T> {
  /** How the failure message and the tally name it: a channel, a route, a parser. */
  name: string;
  arbitrary: fc.Arbitrary<T>;
  /** Runs one input; returns its kind ("ok", an error code, a status) or throws to fail the property. */
  attempt(input: T): Promise<string>;
  runs?: number;
}

/**
 * Run a property over a target, counting results by kind. On failure fast-check shrinks the input
 * and the error names the target, the smallest failing input and how to replay it.
 */
export async function fuzz<T>(target: FuzzTarget<T>, tally: Tally): Promise<void> {
  const runs = target.runs ?? fuzzRuns();
  let counted = 0;
  const property = fc.asyncProperty(target.arbitrary, async (input) => {
    const kind = await target.attempt(input);
    // Replays while shrinking are not new inputs.
    if (counted < runs) {
      counted += 1;
      tally.add(target.name, kind);
    }
  });
  const seed = seedFor(target.name);
  const details = await fc.check(property, { numRuns: runs, seed });
  if (!details.failed) return;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const input = details.counterexample ? describeValue(details.counterexample[0]) : '(none)';
  throw new Error(
    `${target.name}: ${error}\n  input (after ${details.numShrinks} shrinks): ${input}\n  replay: ` +
      `ATELIER_FUZZ_SEED=${fuzzSeed()} (seed ${seed}, path "${details.counterexamplePath ?? ''}")`,
  );
}
