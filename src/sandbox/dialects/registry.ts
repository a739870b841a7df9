import { camel } from './camel';
import type { Dialect } from './dialect';
import { oauth } from './oauth';
import { problem } from './problem';
import { standard } from './standard';

/** Every dialect the sandbox speaks; a new one is a module here and a profile in ./profiles. */
export const DIALECTS = { standard, camel, problem, oauth } satisfies Record<string, Dialect>;

export type DialectName = keyof typeof DIALECTS;

export const DIALECT_NAMES = Object.keys(DIALECTS) as DialectName[];

export const DEFAULT_DIALECT: DialectName = 'standard';

export function isDialectName(value: string): value is DialectName {
  return Object.hasOwn(DIALECTS, value);
}

export function unknownDialectMessage(value: string): string {
  return `unknown dialect "${value}"; choose one of ${DIALECT_NAMES.join(', ')}`;
}

/** The dialect in use; the admin switch changes it while the sandbox runs. */
export interface DialectSwitch {
  name(): DialectName;
  current(): Dialect;
  set(name: DialectName): void;
}

export function createDialectSwitch(initial: DialectName): DialectSwitch {
  let name = initial;
  return {
    name: () => name,
    current: () => DIALECTS[name],
    set: (next) => {
      // Callers from plain JavaScript get the same refusal as the admin switch.
      if (!isDialectName(next)) throw new Error(unknownDialectMessage(String(next)));
      name = next;
    },
  };
}
