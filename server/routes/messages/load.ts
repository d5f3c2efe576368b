import type { InboxMessage } from '@common/api/inbox';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { messages } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import { canSendFreeform } from '../../outbound/window';
import type { ContactRow } from '../../presenters/contact';
import { type MessageRow, presentMessages } from '../../presenters/message';
import { loadContact } from '../contacts/load';

/** A message of the caller's account and its contact; unknown or foreign ids are a 404. */
export async function loadMessage(
  db: Executor,
  accountId: string,
  messageId: string,
): Promise<{ message: MessageRow; contact: ContactRow }> {
  const [message] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.accountId, accountId)))
    .limit(1);
  if (!message) throw notFound('Message not found');
  return { message, contact: await loadContact(db, accountId, message.contactId) };
}

/** One message as the conversation shows it (fresh from the database). */
export async function presentOne(
  deps: { db: Database; clock: Clock },
  contact: ContactRow,
  messageId: string,
): Promise<InboxMessage> {
  const [row] = await deps.db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!row) throw notFound('Message not found');
  const now = await deps.clock.now(deps.db);
  const open = canSendFreeform(contact, now);
  const [presented] = await presentMessages(deps.db, contact.accountId, [row], () => open);
  return presented!;
}
