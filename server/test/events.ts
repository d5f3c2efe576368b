import type { EventBus } from '../events/bus';
import type { DomainEvent } from '../events/types';

/** Collects the events a bus dispatches (without their ids) until `stop()`. */
export function collectEvents(bus: EventBus): { seen: DomainEvent[]; stop: () => void } {
  const seen: DomainEvent[] = [];
  const stop = bus.subscribe((events) => {
    for (const { id: _id, ...event } of events) seen.push(event as DomainEvent);
  });
  return { seen, stop };
}
