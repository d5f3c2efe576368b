import type { ChatBotState } from '@common/api/ai-bot';
import type { ConversationResponse } from '@common/api/inbox';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyServerEvent } from '../../../../api/live';
import { contactDetail } from '../../../../test/contactListItem';
import { inboxMessage } from '../../../../test/inboxMessage';
import { mockApi, renderScreen } from '../../../../test/render';
import { Toaster } from '../../../../ui/Toast';
import { Conversation } from '../Conversation';

/** The AI bot in a chat: its messages labelled "AI bot", the hand-over notice and the per-chat switch. */

const now = new Date().toISOString();

function page(bot: ChatBotState): ConversationResponse {
  return {
    contact: contactDetail('c-1', { name: 'Maya Patel', bot, lastIncomingAt: now }),
    serverNow: now,
    nextCursor: null,
    messages: [
      inboxMessage({
        id: 'm2',
        externalId: 'wamid.m2',
        direction: 'outgoing',
        status: 'delivered',
        body: 'We are open until 19:00.',
        content: { kind: 'text', body: 'We are open until 19:00.' },
        sentByBot: true,
      }),
      inboxMessage({
        id: 'm1',
        body: 'When do you close?',
        content: { kind: 'text', body: 'When do you close?' },
      }),
    ],
  };
}

function renderChat(bot: ChatBotState, onPut?: (body: unknown) => ChatBotState) {
  mockApi({
    'GET /api/contacts/c-1/messages': { body: page(bot) },
    'PUT /api/contacts/c-1/bot': (init) => ({ body: { bot: onPut?.(JSON.parse(String(init?.body))) } }),
  });
  return renderScreen(
    <>
      <Conversation contactId="c-1" meId="u-1" onBack={vi.fn()} />
      <Toaster />
    </>,
  );
}

describe('the AI bot in a chat', () => {
  it('labels the bot\'s messages "AI bot", linking to its settings', async () => {
    renderChat({ state: 'active' });
    const bubble = (await screen.findAllByTestId('message')).find((b) => b.dataset.messageId === 'm2')!;
    const label = within(bubble).getByRole('link', { name: 'AI bot' });
    expect(label.getAttribute('href')).toBe('/app/marketing/bots');
    const customer = screen.getAllByTestId('message').find((b) => b.dataset.messageId === 'm1')!;
    expect(within(customer).queryByRole('link', { name: 'AI bot' })).toBeNull();
  });

  it('shows why the bot handed the chat over, and "Resume bot" turns it back on for this chat', async () => {
    const puts: unknown[] = [];
    renderChat({ state: 'handed_over', reason: 'asked_for_person', at: now }, (body) => {
      puts.push(body);
      return { state: 'active' };
    });
    const bar = await screen.findByTestId('chat-bot-bar');
    expect(bar.textContent).toContain('Handed over by the AI bot: the customer asked for a person.');
    const user = userEvent.setup();
    await user.click(within(bar).getByRole('button', { name: 'Resume bot' }));
    await waitFor(() => expect(screen.getByTestId('chat-bot-bar').dataset.state).toBe('active'));
    expect(puts).toEqual([{ paused: false }]);
    expect(
      within(screen.getByTestId('chat-bot-bar')).getByRole('button', { name: 'Pause bot' }),
    ).toBeTruthy();
  });

  it('"Pause bot" pauses it in this chat', async () => {
    renderChat({ state: 'active' }, () => ({ state: 'paused', at: now }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause bot' }));
    await waitFor(() => expect(screen.getByTestId('chat-bot-bar').dataset.state).toBe('paused'));
    expect(screen.getByTestId('chat-bot-bar').textContent).toContain('The AI bot is paused in this chat');
  });

  it('is absent when the team’s bot is off', async () => {
    renderChat({ state: 'off' });
    await screen.findAllByTestId('message');
    expect(screen.queryByTestId('chat-bot-bar')).toBeNull();
  });

  it('a live hand-over shows at once in the chat and tells the teammate in a toast', async () => {
    const { queryClient } = renderChat({ state: 'active' });
    await screen.findByRole('button', { name: 'Pause bot' });
    act(() =>
      applyServerEvent(
        { client: queryClient, meId: 'u-1' },
        {
          type: 'event',
          event: 'ai_bot.chat_changed',
          data: {
            accountId: 'a-1',
            contactId: 'c-1',
            updatedAt: new Date().toISOString(),
            bot: { state: 'handed_over', reason: 'turn_limit', at: now },
            notify: true,
            contactName: 'Maya Patel',
            phone: '+16505550142',
          },
        },
      ),
    );
    expect((await screen.findByTestId('chat-bot-bar')).textContent).toContain(
      'Handed over by the AI bot: the bot reached its turn limit.',
    );
    expect(
      await screen.findByText('AI bot handed Maya Patel over to the team: the bot reached its turn limit'),
    ).toBeTruthy();
  });
});
