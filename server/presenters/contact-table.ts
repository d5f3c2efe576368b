import type { ContactTableRow } from '@common/api/contact-table';
import type { ContactExtras, ContactRow } from './contact';

/** A row of the Contacts table: an empty name is null (the UI shows 'Unknown'), the phone with '+'. */
export function presentContactTableRow(
  row: ContactRow,
  extras: ContactExtras,
  messageCount: number,
  fields: Record<string, string>,
): ContactTableRow {
  const name = row.customName ?? row.profileName;
  return {
    id: row.id,
    waId: row.waId,
    name: name === '' ? null : name,
    phone: `+${row.phone}`,
    tags: extras.tags.get(row.id) ?? [],
    assignee: row.assignedTo
      ? (extras.users.get(row.assignedTo) ?? { id: row.assignedTo, label: 'Unknown' })
      : null,
    archived: row.archivedAt !== null,
    blocked: row.blockedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    lastMessagePreview: row.lastMessagePreview,
    lastMessageDirection: row.lastMessageDirection,
    unreadCount: row.unreadCount,
    messageCount,
    consent: row.consent,
    fields,
  };
}
