import type { ContactDetail, ConversationResponse, InboxMessage } from '@common/api/inbox';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inboxMessage } from '../../../test/inboxMessage';
import { mockApi, renderScreen } from '../../../test/render';
import { Conversation } from './Conversation';

const now = new Date();
const contact: ContactDetail = {
  id: 'c-1',
  waId: '16505550142',
  name: '',
  profileName: '',
  notes: '',
  fields: {},
  consent: { state: 'unknown' as const, changedAt: null, source: null, changedBy: null },
  phone: '+16505550142',
  tags: [],
  assignee: null,
  lastMessageAt: now.toISOString(),
  lastMessagePreview: 'Hi',
  lastMessageDirection: 'incoming',
  lastMessageSentBy: null,
  unreadCount: 0,
  lastIncomingAt: now.toISOString(),
  windowClosesAt: new Date(now.getTime() + 23 * 3_600_000).toISOString(),
  archived: false,
  blocked: false,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  abilities: { sendFreeform: true },
};

function message(id: string, overrides: Partial<InboxMessage>): InboxMessage {
  const at = now.toISOString();
  return inboxMessage({
    id,
    externalId: `wamid.${id}`,
    timestamp: at,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  });
}

describe('Conversation', () => {
  it("shows 'Loading messages...' while the first page loads", async () => {
    mockApi({ 'GET /api/contacts/c-1/messages': () => new Promise(() => {}) });
    renderScreen(<Conversation contactId="c-1" meId="u-1" onBack={vi.fn()} />);
    expect(await screen.findByText('Loading messages...')).toBeTruthy();
  });

  it("shows 'Error loading messages. Please try again.' when the page cannot load", async () => {
    mockApi({
      'GET /api/contacts/c-1/messages': { status: 404, body: { error: 'not_found', message: 'Gone' } },
    });
    renderScreen(<Conversation contactId="c-1" meId="u-1" onBack={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading messages. Please try again.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it("draws the header ('Unknown' without a name, phone with +) and the messages with their ticks", async () => {
    const page: ConversationResponse = {
      contact,
      serverNow: now.toISOString(),
      nextCursor: null,
      messages: [
        message('m2', {
          direction: 'outgoing',
          body: 'Yes <b>we</b> do',
          content: { kind: 'text', body: 'Yes <b>we</b> do' },
          status: 'delivered',
        }),
        message('m1', {
          body: 'Do you deliver?\nOn Sundays?',
          content: { kind: 'text', body: 'Do you deliver?\nOn Sundays?' },
        }),
      ],
    };
    mockApi({ 'GET /api/contacts/c-1/messages': { body: page } });
    renderScreen(<Conversation contactId="c-1" meId="u-1" onBack={vi.fn()} />);
    expect((await screen.findByTestId('contact-name')).textContent).toBe('Unknown');
    expect(screen.getByTestId('contact-phone').textContent).toBe('+16505550142');
    expect(screen.getByTestId('window-timer').dataset.tone).toBe('green');
    const bubbles = screen.getAllByTestId('message');
    expect(bubbles.map((b) => b.dataset.messageId)).toEqual(['m1', 'm2']);
    expect(bubbles[0]!.textContent).toContain('Do you deliver?\nOn Sundays?');
    expect(bubbles[1]!.querySelector('b')).toBeNull();
    expect(bubbles[1]!.textContent).toContain('Yes <b>we</b> do');
    expect(screen.getByRole('img', { name: 'Delivered' })).toBeTruthy();
    expect(screen.getByText('Today')).toBeTruthy();
  });
});
