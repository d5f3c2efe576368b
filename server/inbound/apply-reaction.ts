import { and, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { reactions } from '../db/schema';
import type { DomainEvent } from '../events/types';
import type { InboundMessageEvent } from '../whatsapp/types';

/**
 * One reaction per customer per message: a new emoji replaces the old one. A removal keeps the row
 * with an empty emoji, so an older "add" replayed after it cannot bring the reaction back; only a
 * newer event wins.
 */
export async function applyReaction(
  tx: Executor,
  target: { accountId: string; contactId: string; waId: string },
  event: InboundMessageEvent & { content: { kind: 'reaction' } },
  changes: DomainEvent[],
): Promise<void> {
  const { accountId, contactId, waId } = target;
  const [row] = await tx
    .insert(reactions)
    .values({
      accountId,
      targetExternalId: event.content.targetExternalId,
      reactor: `customer:${waId}`,
      emoji: event.content.emoji ?? '',
      direction: 'incoming',
      externalId: event.externalId,
      timestamp: event.timestamp,
    })
    .onConflictDoUpdate({
      target: [reactions.accountId, reactions.targetExternalId, reactions.reactor],
      set: {
        emoji: sql`excluded.emoji`,
        externalId: sql`excluded.external_id`,
        timestamp: sql`excluded.timestamp`,
        updatedAt: new Date(),
      },
      setWhere: and(
        sql`excluded.timestamp >= ${reactions.timestamp}`,
        sql`excluded.emoji is distinct from ${reactions.emoji}`,
      ),
    })
    .returning({ id: reactions.id });
  if (row) {
    changes.push({
      kind: 'reaction.changed',
      accountId,
      contactId,
      targetExternalId: event.content.targetExternalId,
    });
  }
}
