import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { named } from '../db/named-statements';
import type { DomainEvent, RecordedEvents } from './types';

/**
 * Records a transaction's events in the outbox, in that transaction: they exist exactly when the
 * change they describe was committed. One row per call, holding the events in order (one INSERT
 * whatever their number). Hand the result to `EventBus.publish` after commit.
 */
export async function recordEvents(tx: Executor, events: DomainEvent[]): Promise<RecordedEvents | null> {
  if (events.length === 0) return null;
  const result = (await tx.execute(sql`${named('outbox_record')}${outboxInsert(events)}`)) as unknown as {
    rows: { id: string | number }[];
  };
  return { outboxId: Number(result.rows[0]!.id), events };
}

/**
 * The outbox INSERT as a clause, for a hot statement that records its events in the same round trip
 * as its last write (the webhook batch's processed mark). Inserts nothing when there are no events;
 * returns the row's `id`. Its text is the same whatever the events.
 */
export function outboxInsert(events: DomainEvent[]): SQL {
  const json = JSON.stringify(events);
  return sql`insert into domain_events (events) select ${json}::jsonb where ${events.length}::int > 0 returning id`;
}
