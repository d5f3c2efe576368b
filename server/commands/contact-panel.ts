import type { ContactMediaItem, ContactStats } from '@common/api/contact-details';
import { and, count, desc, eq, inArray, min } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Executor } from '../db/client';
import { contacts, media, messages } from '../db/schema';
import { notFound } from '../lib/http-errors';
import { contactPolicy } from '../policies/contact';
import type { PolicyActor } from '../policies/define-policy';
import type { CommandDeps } from './deps';

/** The acting teammate, in the account whose contact it is. */
type ContactActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };

export async function loadContact(db: Executor, accountId: string, contactId: string) {
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
    .limit(1);
  if (!contact) throw notFound('Contact not found');
  return contact;
}

const DEFAULT_NAMES = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  document: 'Document',
  sticker: 'Image',
} as const;

/** First contact, message count and media counts for the contact panel (audio counts as documents). */
export async function contactStats(
  db: Executor,
  actor: ContactActor,
  contactId: string,
): Promise<ContactStats> {
  const contact = await loadContact(db, actor.accountId, contactId);
  contactPolicy.authorize(actor, 'view', { contact });
  const [totals] = await db
    .select({ messages: count(), first: min(messages.timestamp) })
    .from(messages)
    .where(eq(messages.contactId, contact.id));
  const kinds = await db
    .select({ kind: media.kind, n: count() })
    .from(messages)
    .innerJoin(media, eq(media.id, messages.mediaId))
    .where(eq(messages.contactId, contact.id))
    .groupBy(media.kind);
  const of = (...names: string[]) =>
    kinds.filter((k) => names.includes(k.kind)).reduce((sum, k) => sum + Number(k.n), 0);
  return {
    firstContactDate: (totals?.first ?? contact.createdAt).toISOString(),
    messageCount: Number(totals?.messages ?? 0),
    mediaCount: { photos: of('image'), videos: of('video'), documents: of('document', 'audio') },
  };
}

/** The browser-made preview of an outgoing photo or video when there is one, else a ready photo itself. */
function thumbnailOf(file: typeof media.$inferSelect): string | null {
  if (file.thumbnailId) return `/api/media/${file.thumbnailId}`;
  if (file.status === 'ready' && file.kind === 'image') return `/api/media/${file.id}`;
  return null;
}

/** The contact's files, newest first: photos and videos, or documents and audio. */
export async function contactMedia(
  db: Executor,
  actor: ContactActor,
  contactId: string,
  tab: 'media' | 'docs',
  limit: number,
): Promise<ContactMediaItem[]> {
  const contact = await loadContact(db, actor.accountId, contactId);
  contactPolicy.authorize(actor, 'view', { contact });
  const kinds = tab === 'media' ? ['image', 'video'] : ['document', 'audio'];
  const rows = await db
    .select({ message: messages, file: media })
    .from(messages)
    .innerJoin(media, eq(media.id, messages.mediaId))
    .where(and(eq(messages.contactId, contact.id), inArray(media.kind, kinds as ['image'])))
    .orderBy(desc(messages.timestamp))
    .limit(limit);
  return rows.map(({ message, file }) => ({
    id: message.id,
    type: file.kind === 'sticker' ? 'image' : file.kind,
    url: file.status === 'ready' ? `/api/media/${file.id}` : null,
    thumbnailUrl: thumbnailOf(file),
    filename: file.filename ?? DEFAULT_NAMES[file.kind],
    fileSize: file.fileSize,
    mimeType: file.mimeType,
    createdAt: message.timestamp.toISOString(),
    messageId: message.id,
    mediaId: file.id,
    direction: message.direction,
  }));
}

/**
 * Archive and block (spec §2 contact panel). Archived contacts leave the tabs until they write again;
 * blocked contacts' messages are still kept, but raise no notification.
 */
export async function setContactState(
  deps: CommandDeps,
  actor: ContactActor,
  contactId: string,
  state: { archived?: boolean; blocked?: boolean },
) {
  const accountId = actor.accountId;
  const contact = await loadContact(deps.db, accountId, contactId);
  if (state.archived !== undefined) contactPolicy.authorize(actor, 'archive', { contact });
  if (state.blocked !== undefined) contactPolicy.authorize(actor, 'block', { contact });
  const now = new Date();
  await deps.events.transaction(async (tx, emit) => {
    await tx
      .update(contacts)
      .set({
        ...(state.archived === undefined ? {} : { archivedAt: state.archived ? now : null }),
        ...(state.blocked === undefined ? {} : { blockedAt: state.blocked ? now : null }),
        updatedAt: now,
      })
      .where(eq(contacts.id, contact.id));
    emit({ kind: 'contact.updated', accountId, contactId: contact.id });
  });
}

/** Deletes the contact and its messages (the rows cascade), with its audit entry. */
export async function deleteContact(deps: CommandDeps, actor: ContactActor, contactId: string) {
  await deps.events.transaction(async (tx, emit) => {
    const contact = await loadContact(tx, actor.accountId, contactId);
    contactPolicy.authorize(actor, 'delete', { contact });
    await tx.delete(contacts).where(eq(contacts.id, contact.id));
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'contact.deleted',
      subjectType: 'contact',
      subjectId: contact.id,
      details: { waId: contact.waId },
    });
    emit({ kind: 'contact.deleted', accountId: actor.accountId, contactId: contact.id });
  });
}
