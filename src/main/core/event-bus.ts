import { events, type EventName, type EventPayload } from '../../shared/events';
import type { AiOperation, ResourceGroup } from '../../shared/profile';
import type { Logger } from './ports';

/**
 * The two event channels of the core, kept apart: `RendererPush` carries the contract-derived push
 * events to the hosts (checked against their schema before leaving); `CoreBus` carries the rules
 * one domain of the core sets off in another, each payload typed once in `CoreEvents`.
 */

export type PushListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Core → hosts push events; payloads are checked against their declared schema before leaving. */
export class RendererPush {
  private readonly listeners = new Set<PushListener>();
  constructor(private readonly logger: Logger) {}

  subscribe(listener: PushListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const parsed = events[event].safeParse(payload);
    if (!parsed.success) {
      this.logger.error('event payload breaks its schema; not sent', { event });
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(event, parsed.data as EventPayload<E>);
      } catch (e) {
        this.logger.warn('event listener failed', { event, error: e });
      }
    }
  }
}

/** What one domain of the core tells the others; each payload is typed here, once. */
export interface CoreEvents {
  /** Signed in or out, token renewed, session ended (the platform domain). */
  'session.changed': EventPayload<'session.changed'>;
  /** The profile, address, credentials or reachability changed (the platform domain). */
  'connection.changed': EventPayload<'connection.changed'>;
  /** Records of a group changed, locally or by a pull: whatever depends on them looks again. */
  'records.changed': EventPayload<'records.changed'>;
  /** A local write to a group's records (not a pull): sync has something to send. */
  'records.edited': { group: ResourceGroup };
  /** Files were imported into the library (by the user, an automation or the studio). */
  'library.imported': { assets: { id: string; name: string; tags: string[] }[] };
  /** An AI job finished with results. */
  'ai.jobSucceeded': { jobId: string; operation: AiOperation; prompt: string };
  /** The user's settings changed (the spending guard looks at its limits again). */
  'settings.changed': EventPayload<'settings.changed'>;
}

export type CoreEventName = keyof CoreEvents;
type CoreListener<E extends CoreEventName> = (payload: CoreEvents[E]) => void;

/** The core's internal events: synchronous, in subscription order; a failing listener is logged, the rest still run. */
export class CoreBus {
  private readonly listeners: { [E in CoreEventName]?: Set<CoreListener<E>> } = {};
  constructor(private readonly logger: Logger) {}

  on<E extends CoreEventName>(event: E, listener: CoreListener<E>): () => void {
    const set: Set<CoreListener<E>> = this.listeners[event] ?? new Set();
    (this.listeners as Record<E, Set<CoreListener<E>>>)[event] = set;
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<E extends CoreEventName>(event: E, payload: CoreEvents[E]): void {
    const set: Set<CoreListener<E>> | undefined = this.listeners[event];
    for (const listener of [...(set ?? [])]) {
      try {
        listener(payload);
      } catch (e) {
        this.logger.warn('event listener failed', { event, error: e });
      }
    }
  }
}

/** Core events the renderer hears too, under the same name and payload. */
type Shared = { [E in CoreEventName & EventName]: CoreEvents[E] extends EventPayload<E> ? E : never }[CoreEventName &
  EventName];

/** Pass these core events on to the renderer; subscribe last, so the core's own rules run before the screens hear. */
export function forwardToRenderer(bus: CoreBus, push: RendererPush, names: readonly Shared[]): void {
  for (const name of names) bus.on(name, (payload) => push.emit(name, payload));
}
