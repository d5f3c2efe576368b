import type { ContactConsent } from '@common/api/consent';
import type {
  ContactDetail,
  ContactListItem,
  LastMessageSender,
  TagSummary,
  UserSummary,
} from '@common/api/inbox';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { anyOf, preparedPer } from '../db/named-statements';
import { type contacts, contactTags, tags } from '../db/schema';
import { canSendFreeform, windowClosesAt } from '../outbound/window';
import { contactPolicy } from '../policies/contact';
import { anyTeammateOf } from '../policies/define-policy';
import { loadUserNames } from './users';

/** A contact as the app reads it: every column but the filter columns (db/filter-columns.ts). */
export type ContactRow = Omit<typeof contacts.$inferSelect, 'tagIds' | 'fieldValues'>;

/** What a page of contacts needs besides its rows: tags, assignees and last senders, loaded once per page. */
export type ContactExtras = {
  tags: Map<string, TagSummary[]>;
  users: Map<string, UserSummary>;
  senders: Map<string, LastMessageSender>;
};

const tagsOfContacts = preparedPer((db) =>
  db
    .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(anyOf(contactTags.contactId, 'ids', 'uuid'))
    // Any letter case, like the tag list; not the database's collation (PGlite's C puts 'Z' before 'a').
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
    .prepare('contact_tags_of'),
);

export async function loadContactExtras(db: Executor, rows: ContactRow[]): Promise<ContactExtras> {
  if (rows.length === 0) return { tags: new Map(), users: new Map(), senders: new Map() };
  const [tagRows, names] = await Promise.all([
    tagsOfContacts(db).execute({ ids: rows.map((r) => r.id) }),
    loadUserNames(
      db,
      rows.flatMap((r) => [r.assignedTo, r.lastMessageSentBy, r.consentChangedBy]),
    ),
  ]);
  const byContact = new Map<string, TagSummary[]>();
  for (const t of tagRows) {
    const list = byContact.get(t.contactId) ?? [];
    list.push({ id: t.id, name: t.name });
    byContact.set(t.contactId, list);
  }
  const users = new Map([...names].map(([id, n]) => [id, n.summary]));
  const senders = new Map([...names].map(([id, n]) => [id, n.sender]));
  return { tags: byContact, users, senders };
}

/** A contact-list row: name '' stays '' (the UI shows 'Unknown'), the phone with a leading '+'. */
export function presentContactItem(row: ContactRow, extras: ContactExtras, now: Date): ContactListItem {
  // The row goes to every teammate alike (lists, live frames): abilities any teammate has.
  const can = contactPolicy.abilities(anyTeammateOf(row.accountId), {
    contact: row,
    windowOpen: canSendFreeform(row, now),
  });
  return {
    id: row.id,
    waId: row.waId,
    name: row.customName ?? row.profileName,
    phone: `+${row.phone}`,
    tags: extras.tags.get(row.id) ?? [],
    assignee: row.assignedTo
      ? (extras.users.get(row.assignedTo) ?? { id: row.assignedTo, label: 'Unknown' })
      : null,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    lastMessagePreview: row.lastMessagePreview,
    lastMessageDirection: row.lastMessageDirection,
    lastMessageSentBy: row.lastMessageSentBy ? (extras.senders.get(row.lastMessageSentBy) ?? null) : null,
    unreadCount: row.unreadCount,
    lastIncomingAt: row.lastIncomingAt?.toISOString() ?? null,
    windowClosesAt: windowClosesAt(row)?.toISOString() ?? null,
    archived: row.archivedAt !== null,
    blocked: row.blockedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: { sendFreeform: can.sendFreeform },
  };
}

/** The open conversation's header: the list row plus the profile name, notes and custom field values. */
export function presentContactDetail(
  row: ContactRow,
  extras: ContactExtras,
  now: Date,
  fields: Record<string, string>,
): ContactDetail {
  return {
    ...presentContactItem(row, extras, now),
    profileName: row.profileName,
    notes: row.notes,
    fields,
    consent: presentConsent(row, extras.users),
  };
}

/** The contact's marketing consent with when and how it last changed (issue 14). */
export function presentConsent(
  row: Pick<ContactRow, 'consent' | 'consentChangedAt' | 'consentSource' | 'consentChangedBy'>,
  users: Map<string, UserSummary>,
): ContactConsent {
  return {
    state: row.consent,
    changedAt: row.consentChangedAt?.toISOString() ?? null,
    source: row.consentSource,
    changedBy: row.consentChangedBy
      ? (users.get(row.consentChangedBy) ?? { id: row.consentChangedBy, label: 'Unknown' })
      : null,
  };
}

/** Presents rows in their order, loading their tags and users (assignees, senders) in two queries. */
export async function presentContacts(
  db: Executor,
  rows: ContactRow[],
  now: Date,
): Promise<ContactListItem[]> {
  const extras = await loadContactExtras(db, rows);
  return rows.map((row) => presentContactItem(row, extras, now));
}
