import { rulesFor, type Rules } from '../../../shared/networks';
import type { Target } from '../../../shared/preflight';

/** The rules of a target: a network's, or a channel of type Other's own (preflight keeps its helper private). */
export function rulesOf(target: Target): Rules {
  return typeof target === 'string' ? rulesFor(target) : target;
}
