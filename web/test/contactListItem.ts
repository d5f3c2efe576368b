import type { ContactDetail, ContactListItem } from '@common/api/inbox';

/** A contact list row for component tests: an unassigned customer who wrote last; `overrides` win. */
export function contactListItem(id: string, overrides: Partial<ContactListItem> = {}): ContactListItem {
  return {
    id,
    waId: '447700900000',
    name: id,
    phone: '+447700900000',
    tags: [],
    assignee: null,
    lastMessageAt: '2026-03-12T10:00:00.000Z',
    lastMessagePreview: null,
    lastMessageDirection: 'incoming',
    lastMessageSentBy: null,
    unreadCount: 0,
    lastIncomingAt: null,
    windowClosesAt: null,
    archived: false,
    blocked: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-12T10:00:00.000Z',
    abilities: { sendFreeform: true },
    ...overrides,
  };
}

/** A contact's detail (the conversation's and the panel's) for component tests; `overrides` win. */
export function contactDetail(id: string, overrides: Partial<ContactDetail> = {}): ContactDetail {
  return {
    ...contactListItem(id),
    profileName: '',
    notes: '',
    fields: {},
    consent: { state: 'unknown', changedAt: null, source: null, changedBy: null },
    ...overrides,
  };
}
