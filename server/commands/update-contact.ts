import type { UpdateContactInput } from '@common/api/contact-details';
import { and, eq } from 'drizzle-orm';
import { contacts } from '../db/schema';
import { notFound } from '../lib/http-errors';
import { contactPolicy } from '../policies/contact';
import type { PolicyActor } from '../policies/define-policy';
import type { CommandDeps } from './deps';

/**
 * Saves a contact's notes and the name the team gave it, trimmed; a field that did not change is
 * not written (spec §5 'saved only when changed'). Teammates see the change live.
 */
export async function updateContact(
  deps: CommandDeps,
  actor: NonNullable<PolicyActor> & { accountId: string },
  contactId: string,
  input: UpdateContactInput,
): Promise<{ name: string; notes: string }> {
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, actor.accountId)))
    .limit(1);
  if (!contact) throw notFound('Contact not found');
  contactPolicy.authorize(actor, 'update', { contact });

  const change: Partial<typeof contacts.$inferInsert> = {};
  if (input.notes !== undefined && input.notes.trim() !== contact.notes) change.notes = input.notes.trim();
  if (input.name !== undefined) {
    const name = input.name.trim() || null;
    if (name !== contact.customName) change.customName = name;
  }
  if (Object.keys(change).length > 0) {
    await deps.events.transaction(async (tx, emit) => {
      await tx
        .update(contacts)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(contacts.id, contact.id));
      emit({ kind: 'contact.updated', accountId: actor.accountId, contactId: contact.id });
    });
  }
  const customName = change.customName !== undefined ? change.customName : contact.customName;
  return { name: customName ?? contact.profileName, notes: change.notes ?? contact.notes };
}
