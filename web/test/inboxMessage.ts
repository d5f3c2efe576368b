import type { InboxMessage } from '@common/api/inbox';

/** A customer's text message as the conversation shows it, for tests; override what the test is about. */
export function inboxMessage(overrides: Partial<InboxMessage> = {}): InboxMessage {
  const now = new Date().toISOString();
  return {
    id: 'm-1',
    contactId: 'c-1',
    direction: 'incoming',
    type: 'text',
    body: '',
    preview: '',
    content: { kind: 'text', body: '' },
    externalId: 'wamid.1',
    status: 'read',
    error: null,
    replyTo: null,
    media: null,
    reactions: [],
    sentBy: null,
    clientRef: null,
    timestamp: now,
    createdAt: now,
    updatedAt: now,
    abilities: { react: true, retry: false, markRead: false },
    ...overrides,
  };
}
