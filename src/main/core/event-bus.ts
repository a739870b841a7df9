import { events, type EventName, type EventPayload } from '../../shared/events';
import type { Logger } from './ports';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Core → hosts push events; payloads are checked against their declared schema before leaving. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();
  constructor(private readonly logger: Logger) {}

  subscribe(listener: EventListener): () => void {
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
