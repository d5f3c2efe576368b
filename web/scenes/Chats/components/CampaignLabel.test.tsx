import type { InboxMessage } from '@common/api/inbox';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { inboxMessage } from '../../../test/inboxMessage';
import { renderScreen } from '../../../test/render';
import { type BubbleActions, MessageBubble } from './MessageBubble';

/** A campaign's template message says which campaign sent it and links to its report. */

const CAMPAIGN_ID = '7a1f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f';

const actions: BubbleActions = {
  onReply: vi.fn(),
  onReact: vi.fn(),
  onRetry: vi.fn(),
  onJump: vi.fn(),
  onUseTemplate: vi.fn(),
};

function templateMessage(campaign?: { id: string; name: string }): InboxMessage {
  const body = 'Hi Maya, our spring sale starts today.';
  return inboxMessage({
    direction: 'outgoing',
    type: 'template',
    body,
    preview: body,
    status: 'delivered',
    content: {
      kind: 'template',
      name: 'spring_sale',
      language: 'en_US',
      body,
      ...(campaign ? { campaign } : {}),
    },
  });
}

function renderBubble(message: InboxMessage) {
  return renderScreen(
    <MessageBubble
      message={message}
      contactName="Maya"
      meId="u-1"
      isFirstInGroup
      progress={null}
      actions={actions}
    />,
  );
}

describe('the campaign label on a template message', () => {
  it('names the campaign and links to its report, reachable by keyboard', async () => {
    renderBubble(templateMessage({ id: CAMPAIGN_ID, name: 'Spring sale <b>2026</b>' }));
    const link = screen.getByRole('link', { name: 'Campaign · Spring sale <b>2026</b>' });
    expect(link.getAttribute('href')).toBe(`/app/marketing/campaigns/${CAMPAIGN_ID}`);
    expect(link.querySelector('b')).toBeNull();
    expect(screen.getByText(/Template · spring_sale/)).toBeTruthy();

    const user = userEvent.setup();
    for (let i = 0; i < 10 && document.activeElement !== link; i++) await user.tab();
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('current-path').textContent).toBe(`/app/marketing/campaigns/${CAMPAIGN_ID}`);
  });

  it('is absent on a template sent from the chat', () => {
    renderBubble(templateMessage());
    expect(screen.queryByRole('link', { name: /Campaign/ })).toBeNull();
    expect(screen.getByText(/Template · spring_sale/)).toBeTruthy();
  });
});
