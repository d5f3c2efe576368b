import { sql } from 'drizzle-orm';
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
  const result = (await tx.execute(
    sql`${named('outbox_record')}insert into domain_events (events) values (${JSON.stringify(events)}::jsonb) returning id`,
  )) as unknown as { rows: { id: string | number }[] };
  return { outboxId: Number(result.rows[0]!.id), events };
}
