import type { SavedMessageView } from '@common/api/saved-messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/render';
import { renderComposer } from './renderComposer';

function saved(id: string, name: string, content: string): SavedMessageView {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id,
    name,
    content,
    mediaType: 'text',
    attachment: null,
    interactive: null,
    createdAt: at,
    updatedAt: at,
  };
}

function setup() {
  mockApi({
    'GET /api/saved-messages': {
      body: {
        savedMessages: [
          saved('s1', 'Greeting', 'Hi! Thanks for writing'),
          saved('s2', 'Hours', 'We open at nine'),
          saved('s3', 'Goodbye', 'Have a lovely day'),
        ],
        abilities: { create: false, edit: false, delete: false },
      },
    },
  });
  return renderComposer();
}

describe('the composer’s saved messages by keyboard', () => {
  it('filters as you type after /, moves with ↓/↑ and inserts with Enter', async () => {
    const user = userEvent.setup();
    const props = setup();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '/g');
    const list = await screen.findByRole('listbox', { name: 'Saved messages' });
    // 'g' matches Greeting, Goodbye and 'writing'; 'Hours' (we open at nine) drops out.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('Greeting'),
      expect.stringContaining('Goodbye'),
    ]);
    expect(list).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /Goodbye/ }).id,
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveProperty('value', 'Have a lovely day'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(props.onSendText).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(box);
    // With the list closed, Enter sends again.
    await user.keyboard('{Enter}');
    expect(props.onSendText).toHaveBeenCalledWith('Have a lovely day');
  });

  it('closes on Escape, clears the /search and keeps the focus in the message box', async () => {
    const user = userEvent.setup();
    const props = setup();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '/ho');
    await screen.findByRole('option', { name: /Hours/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveProperty('value', '');
    expect(document.activeElement).toBe(box);
    expect(props.onSendText).not.toHaveBeenCalled();
  });

  it('never sends the /search itself', async () => {
    const user = userEvent.setup();
    const props = setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '/zzz');
    expect(await screen.findByText('No saved messages')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(props.onSendText).not.toHaveBeenCalled();
  });

  it('opens from the bookmark button with the focus in the message box', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Saved messages' }));
    await screen.findByRole('option', { name: /Greeting/ });
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(document.activeElement).toBe(box);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(box).toHaveProperty('value', 'Hi! Thanks for writing'));
  });

  it('offers the attachments as a menu that the arrows walk', async () => {
    const user = userEvent.setup();
    setup();
    screen.getByRole('button', { name: 'Attach' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Attach' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Photo',
      'Video',
      'Document',
      'Location',
      'Contact',
      'Reply buttons',
      'List',
      'Link button',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(menu.isConnected).toBe(false));
  });

  it('labels a saved reply-buttons message with its kind and sends it as it was saved when picked', async () => {
    const user = userEvent.setup();
    const interactive = {
      type: 'buttons' as const,
      header: 'Delivery',
      body: 'Shall we deliver tomorrow?',
      buttons: [{ title: 'Yes' }, { title: 'Another day' }],
    };
    mockApi({
      'GET /api/saved-messages': {
        body: {
          savedMessages: [
            { ...saved('s9', 'Delivery question', interactive.body), interactive },
            saved('s1', 'Greeting', 'Hi! Thanks for writing'),
          ],
          abilities: { create: false, edit: false, delete: false },
        },
      },
    });
    const onSendRich = vi.fn(async () => {});
    const props = renderComposer({ onSendRich });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '/deliver');
    const option = await screen.findByRole('option', { name: /Delivery question/ });
    expect(option.textContent).toContain('Reply buttons');
    expect(option.textContent).toContain('Shall we deliver tomorrow?');
    // A text saved message carries no kind label.
    expect(screen.queryByRole('option', { name: /Greeting/ })).toBeNull();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(onSendRich).toHaveBeenCalledWith(interactive));
    expect(box).toHaveProperty('value', '');
    expect(props.onSendText).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows the kind labels of a list and a link button next to a plain text one', async () => {
    mockApi({
      'GET /api/saved-messages': {
        body: {
          savedMessages: [
            {
              ...saved('l1', 'Sizes', 'Pick a size'),
              interactive: {
                type: 'list' as const,
                body: 'Pick a size',
                button: 'Sizes',
                sections: [{ rows: [{ title: 'Small' }] }],
              },
            },
            {
              ...saved('c1', 'Shop', 'Our shop'),
              interactive: {
                type: 'cta_url' as const,
                body: 'Our shop',
                displayText: 'Open',
                url: 'https://example.com',
              },
            },
            saved('t1', 'Hours', 'We open at nine'),
          ],
          abilities: { create: false, edit: false, delete: false },
        },
      },
    });
    const user = userEvent.setup();
    renderComposer({ onSendRich: vi.fn(async () => {}) });
    await user.click(screen.getByRole('button', { name: 'Saved messages' }));
    await screen.findByRole('option', { name: /Sizes/ });
    const texts = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(texts[0]).toContain('List');
    expect(texts[1]).toContain('Link button');
    expect(texts[2]).not.toMatch(/List|Link button|Reply buttons/);
  });
});
