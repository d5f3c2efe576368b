import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contacts, messages } from '../db/schema';
import type { EventBus } from '../events/bus';
import { enqueue } from '../jobs/queue';
import type { PolicyActor } from '../policies/define-policy';
import { ALREADY_READ, messagePolicy } from '../policies/message';
import type { MessageRow } from '../presenters/message';
import { messageReadJob } from './message-read.job';

/**
 * Marks an incoming message read (spec §4 "Read receipts"): the stored status becomes read at once —
 * with every earlier unread message of the thread, as Meta does — the contact's unread count drops,
 * and one read receipt is queued (retried later if Meta is unreachable). Already read: nothing to do.
 */
export async function markMessageRead(
  deps: { db: Database; events: EventBus },
  actor: PolicyActor,
  message: MessageRow,
): Promise<void> {
  const refusal = messagePolicy.check(actor, 'markRead', { message });
  // Read already, or never accepted by Meta: there is no receipt to send, and nothing went wrong.
  if (refusal?.code === ALREADY_READ) return;
  if (refusal) throw refusal;

  await deps.events.transaction(async (tx, emit) => {
    const read = await tx
      .update(messages)
      .set({ status: 'read', updatedAt: new Date() })
      .where(
        and(
          eq(messages.contactId, message.contactId),
          eq(messages.direction, 'incoming'),
          lte(messages.timestamp, message.timestamp),
          inArray(messages.status, ['delivered', 'sent', 'pending']),
        ),
      )
      .returning({ id: messages.id });
    const [contact] = await tx
      .update(contacts)
      .set({
        unreadCount: sql`least(${contacts.unreadCount}, (select count(*)::int from ${messages}
          where ${messages.contactId} = ${message.contactId} and ${messages.direction} = 'incoming'
            and ${messages.timestamp} > ${message.timestamp} and ${messages.status} in ('delivered', 'sent', 'pending')))`,
        updatedAt: new Date(),
      })
      .where(eq(contacts.id, message.contactId))
      .returning({ id: contacts.id });
    if (message.externalId) {
      await enqueue(
        tx,
        messageReadJob,
        { messageId: message.id },
        { dedupeKey: `message.read:${message.id}` },
      );
    }
    for (const { id } of read) emit({ kind: 'message.updated', accountId: message.accountId, messageId: id });
    if (contact)
      emit({ kind: 'contact.updated', accountId: message.accountId, contactId: message.contactId });
  });
}
