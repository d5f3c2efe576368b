import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../api';
import { MessageBubble } from './MessageBubble';

/** The phone draws what the business sent as the customer sees it, and the customer can tap it. */

const base: ChatMessage = {
  id: 'wamid.1',
  from: 'business',
  type: 'text',
  text: null,
  media: null,
  template: null,
  interactive: null,
  contacts: null,
  reply: null,
  location: null,
  reactions: [],
  context: null,
  status: 'delivered',
  timestamp: '2026-11-26T10:00:00.000Z',
};

function bubble(message: Partial<ChatMessage>, onChoose = vi.fn()) {
  render(
    <MessageBubble
      message={{ ...base, ...message }}
      onReact={vi.fn()}
      onReply={vi.fn()}
      onJumpTo={vi.fn()}
      onChoose={onChoose}
    />,
  );
  return onChoose;
}

describe('MessageBubble on the sandbox phone', () => {
  it('reply buttons: each is a button the customer taps, answering with its id', async () => {
    const onChoose = bubble({
      type: 'interactive',
      interactive: {
        type: 'button',
        header: { type: 'text', text: 'Delivery' },
        body: 'Deliver tomorrow?',
        footer: 'Lucky Shrub',
        buttons: [
          { id: 'yes', title: 'Yes' },
          { id: 'no', title: 'Another day' },
        ],
      },
    });
    expect(screen.getByText('Deliver tomorrow?')).toBeTruthy();
    expect(screen.getByText('Lucky Shrub')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Another day' }));
    expect(onChoose).toHaveBeenCalledWith('no');
  });

  it('a list opens from its button (by keyboard) and a row is picked', async () => {
    const onChoose = bubble({
      type: 'interactive',
      interactive: {
        type: 'list',
        header: null,
        body: 'Which plant?',
        footer: null,
        list: {
          button: 'Plants',
          sections: [
            { title: 'Big', rows: [{ id: 'monstera', title: 'Monstera', description: 'Big leaves' }] },
          ],
        },
      },
    });
    expect(screen.queryByText('Monstera')).toBeNull();
    const open = screen.getByRole('button', { name: 'Plants' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const rows = screen.getByTestId('sandbox-list-rows');
    expect(within(rows).getByText('Big leaves')).toBeTruthy();
    await userEvent.click(within(rows).getByRole('button', { name: /Monstera/ }));
    expect(onChoose).toHaveBeenCalledWith('monstera');
  });

  it('a link button opens its URL; a location shows name, address and coordinates; a contact card its details', () => {
    bubble({
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        header: null,
        body: 'Track your order',
        footer: null,
        cta: { displayText: 'Track', url: 'https://example.com/t/1' },
      },
      location: { latitude: 37.758056, longitude: -122.425332, name: 'Shop', address: '1 Main St' },
      contacts: [
        { name: { formatted_name: 'Sam Lee' }, phones: [{ phone: '+1 650 555 0100', type: 'WORK' }] },
      ],
    });
    expect(screen.getByRole('link', { name: 'Track' }).getAttribute('href')).toBe('https://example.com/t/1');
    const place = screen.getByTestId('sandbox-location');
    expect(place.textContent).toContain('1 Main St');
    expect(place.textContent).toContain('37.7581° N, 122.4253° W');
    expect(screen.getByTestId('sandbox-contact').textContent).toContain('+1 650 555 0100');
  });

  it('a voice note is drawn as a voice message, an audio file as a plain player', () => {
    const audio = {
      id: '1',
      url: '/sandbox/api/media/1',
      kind: 'audio',
      mimeType: 'audio/ogg',
      filename: null,
      caption: null,
    };
    bubble({ type: 'audio', media: { ...audio, voice: true } });
    expect(screen.getByTestId('sandbox-voice-note')).toBeTruthy();
    expect(screen.getByLabelText('Voice message')).toBeTruthy();
  });

  it('the customer’s own tap shows as its title, without buttons to tap', () => {
    bubble({
      from: 'customer',
      type: 'interactive',
      text: 'Another day',
      reply: { type: 'button_reply', button_reply: { id: 'no', title: 'Another day' } },
      context: { id: 'wamid.0', from: 'business', preview: 'Deliver tomorrow?' },
    });
    expect(screen.getByText('Another day')).toBeTruthy();
    expect(screen.getByText('Deliver tomorrow?')).toBeTruthy();
  });
});
