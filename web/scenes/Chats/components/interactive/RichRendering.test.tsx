import type { InboxMessage } from '@common/api/inbox';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { inboxMessage } from '../../../../test/inboxMessage';
import { renderScreen } from '../../../../test/render';
import { type BubbleActions, MessageBubble } from '../MessageBubble';

/**
 * The chat draws the rich messages we send as the customer's phone shows them — reply buttons under
 * the text, a list's button that opens its rows, a link button — and the customer's tap on one as a
 * reply; a link button never links to anything but a web address.
 */

const actions: BubbleActions = {
  onReply: vi.fn(),
  onReact: vi.fn(),
  onRetry: vi.fn(),
  onJump: vi.fn(),
  onUseTemplate: vi.fn(),
};

function renderBubble(message: InboxMessage) {
  renderScreen(
    <MessageBubble
      message={message}
      contactName="Maya Patel"
      meId="u-1"
      isFirstInGroup
      progress={null}
      actions={actions}
    />,
  );
  return screen.getByTestId('message');
}

const outgoing = (overrides: Partial<InboxMessage>) =>
  inboxMessage({ direction: 'outgoing', type: 'interactive', status: 'delivered', ...overrides });

describe('rich messages in the chat', () => {
  it('shows reply buttons with their header, text and footer', () => {
    const bubble = renderBubble(
      outgoing({
        body: 'Shall we deliver tomorrow?',
        content: {
          kind: 'buttons',
          header: { type: 'text', text: 'Delivery' },
          body: 'Shall we deliver tomorrow?',
          footer: 'Fjord Plants',
          buttons: [
            { id: 'b1', title: 'Yes, tomorrow' },
            { id: 'b2', title: 'Another day' },
          ],
        },
      }),
    );
    expect(within(bubble).getByText('Delivery')).toBeTruthy();
    expect(within(bubble).getByText('Shall we deliver tomorrow?')).toBeTruthy();
    expect(within(bubble).getByText('Fjord Plants')).toBeTruthy();
    const buttons = within(bubble).getByRole('list', { name: 'Reply buttons' });
    expect(
      within(buttons)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Yes, tomorrow', 'Another day']);
  });

  it('opens a list by its button to show the sections and rows', async () => {
    const user = userEvent.setup();
    const bubble = renderBubble(
      outgoing({
        content: {
          kind: 'list',
          header: null,
          body: 'Which pot would you like?',
          footer: null,
          button: 'Choose a pot',
          sections: [
            { title: 'Clay', rows: [{ id: 'r1', title: 'Small clay', description: '12 cm, terracotta' }] },
            { title: 'Ceramic', rows: [{ id: 'r2', title: 'Medium ceramic', description: null }] },
          ],
        },
      }),
    );
    const open = within(bubble).getByRole('button', { name: 'Choose a pot' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(within(bubble).queryByText('Small clay')).toBeNull();
    await user.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const clay = within(bubble).getByRole('region', { name: 'Clay' });
    expect(within(clay).getByText('Small clay')).toBeTruthy();
    expect(within(clay).getByText('12 cm, terracotta')).toBeTruthy();
    expect(within(bubble).getByRole('region', { name: 'Ceramic' }).textContent).toContain('Medium ceramic');
  });

  it('shows a link button that opens its web address, and no link for anything else', () => {
    const content = {
      kind: 'cta_url' as const,
      header: null,
      body: 'Follow your delivery here.',
      footer: null,
      displayText: 'Track order',
      url: 'https://example.com/track/42',
    };
    const bubble = renderBubble(outgoing({ content }));
    expect(within(bubble).getByRole('link', { name: 'Track order' }).getAttribute('href')).toBe(
      'https://example.com/track/42',
    );
  });

  it('never links a link button to javascript:', () => {
    const bubble = renderBubble(
      outgoing({
        content: {
          kind: 'cta_url',
          header: null,
          body: 'Hi',
          footer: null,
          displayText: 'Open',
          url: 'javascript:alert(1)',
        },
      }),
    );
    expect(within(bubble).queryByRole('link', { name: 'Open' })).toBeNull();
    expect(within(bubble).getByText('Open')).toBeTruthy();
  });

  it('shows a location and a contact card we sent', () => {
    const place = renderBubble(
      outgoing({
        type: 'location',
        content: {
          kind: 'location',
          latitude: 59.9139,
          longitude: 10.7522,
          name: 'Fjord Plants',
          address: 'Karl Johans gate 1, Oslo',
          url: null,
        },
      }),
    );
    expect(place.textContent).toContain('Fjord Plants');
    expect(place.textContent).toContain('Karl Johans gate 1, Oslo');
    expect(place.textContent).toContain('59.91390, 10.75220');
  });

  it('shows the customer’s tap on a button as their reply', () => {
    const bubble = renderBubble(
      inboxMessage({
        type: 'interactive',
        content: { kind: 'interactive', reply: { type: 'button_reply', id: 'b2', title: 'Another day' } },
      }),
    );
    expect(bubble.textContent).toContain('Button reply');
    expect(bubble.textContent).toContain('Another day');
  });
});
