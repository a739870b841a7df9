// Inputs that name files must stay inside the fuzz run's temp folder, whatever the generator made
// of them: an absolute path elsewhere, or "../.." out of the working folder, is re-rooted inside.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { hostileNumber, hostileString } from './hostile';

export interface Fence {
  root: string;
  /** The process's working folder during the run (relative paths land here). */
  cwd: string;
}

export function isInside(file: string, root: string): boolean {
  return file === root || file.startsWith(root + path.sep);
}

/** The string unchanged when, as a path, it stays under the root; otherwise the same path under root/elsewhere. */
export function confinePath(text: string, fence: Fence): string {
  const resolved = path.resolve(fence.cwd, text);
  return isInside(resolved, fence.root) ? text : path.join(fence.root, 'elsewhere', resolved);
}

/** Confine every string in a generated input (in place: inputs are generated fresh for each run). */
export function confineStrings<T>(value: T, fence: Fence): T {
  if (typeof value === 'string') return confinePath(value, fence) as T;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (
      !Array.isArray(node) &&
      Object.getPrototypeOf(node) !== Object.prototype &&
      Object.getPrototypeOf(node) !== null
    )
      continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child === 'string') record[key] = confinePath(child, fence);
      else stack.push(child);
    }
  }
  return value;
}

/**
 * Paths worth trying for a file or folder field: fresh empty folders, the seeded files and
 * folders, missing ones, files where folders are expected, relative and hostile strings.
 */
export function pathArb(fence: Fence, existing: () => string[]): fc.Arbitrary<unknown> {
  const freshFolder = fc.constant(null).map(() => fs.mkdtempSync(path.join(fence.root, 'out-')));
  const known = fc.constant(null).chain(() => {
    const list = existing();
    return list.length > 0 ? fc.constantFrom(...list) : fc.constant(fence.root);
  });
  const missing = fc.string({ minLength: 1, maxLength: 12 }).map((name) => path.join(fence.root, 'missing', name));
  const relative = fc.constantFrom('.', '..', 'x', './data', '../data', '~', '~/Documents');
  const strings = fc.oneof(
    { weight: 4, arbitrary: freshFolder },
    { weight: 4, arbitrary: known },
    { weight: 2, arbitrary: missing },
    { weight: 1, arbitrary: relative },
    { weight: 2, arbitrary: hostileString },
  );
  return fc.oneof(
    { weight: 12, arbitrary: strings.map((s) => confinePath(s, fence)) },
    { weight: 1, arbitrary: hostileNumber },
  );
}
