import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  contactFields,
  contactFieldValues,
  type contacts,
  contactTags,
  messages,
  savedMessages,
  tags,
} from '../db/schema';
import { contactDisplayName } from '../presenters/contact-name';

/** How many of the chat's newest messages a suggestion reads. */
export const AI_HISTORY_MESSAGES = 20;
/** How many of the team's saved messages go with a request (newest first). */
export const AI_SAVED_MESSAGES = 20;

type Contact = typeof contacts.$inferSelect;

/** Everything about one chat a prompt may use: what README's "What is sent to the model" lists. */
export type ChatContext = {
  name: string;
  tags: string[];
  notes: string;
  fields: { label: string; value: string }[];
  /** Oldest first. */
  history: { from: 'customer' | 'team'; text: string }[];
  knowledge: string;
  savedReplies: { name: string; content: string }[];
};

/**
 * Reads one chat's context for a prompt: the contact (already loaded and authorized by the caller),
 * its tags, custom fields and last messages, and the team's saved text replies (the team's knowledge
 * comes with the AI settings, `resolveAi`).
 */
export async function loadChatContext(
  db: Executor,
  contact: Contact,
  teamId: string,
): Promise<Omit<ChatContext, 'knowledge'>> {
  const [tagRows, fieldRows, messageRows, savedRows] = await Promise.all([
    db
      .select({ name: tags.name })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contactTags.contactId, contact.id))
      .orderBy(asc(tags.name)),
    db
      .select({ label: contactFields.label, value: contactFieldValues.value })
      .from(contactFieldValues)
      .innerJoin(contactFields, eq(contactFields.id, contactFieldValues.fieldId))
      .where(eq(contactFieldValues.contactId, contact.id))
      .orderBy(asc(contactFields.position), asc(contactFields.label)),
    db
      .select({
        direction: messages.direction,
        type: messages.type,
        body: messages.body,
        preview: messages.preview,
      })
      .from(messages)
      .where(eq(messages.contactId, contact.id))
      .orderBy(desc(messages.timestamp), desc(messages.createdAt), desc(messages.id))
      .limit(AI_HISTORY_MESSAGES),
    db
      .select({ name: savedMessages.name, content: savedMessages.content })
      .from(savedMessages)
      .where(and(eq(savedMessages.teamId, teamId), isNull(savedMessages.userId)))
      .orderBy(desc(savedMessages.createdAt))
      .limit(AI_SAVED_MESSAGES),
  ]);
  const history = messageRows
    .reverse()
    .filter((m) => m.type !== 'system')
    .map((m) => ({
      from: m.direction === 'incoming' ? ('customer' as const) : ('team' as const),
      text: (m.body.trim() || m.preview.trim()).replace(/\s+/g, ' '),
    }))
    .filter((m) => m.text !== '');
  return {
    name: contactDisplayName(contact),
    tags: tagRows.map((t) => t.name),
    notes: contact.notes.trim(),
    fields: fieldRows,
    history,
    savedReplies: savedRows.filter((s) => s.content.trim() !== ''),
  };
}
