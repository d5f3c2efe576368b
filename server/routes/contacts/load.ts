import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contacts } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { ContactRow } from '../../presenters/contact';

/** A contact of the caller's account; an unknown id or another account's contact is a 404. */
export async function loadContact(db: Executor, accountId: string, contactId: string): Promise<ContactRow> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound('Contact not found');
  return row;
}
