import type { SavedMessageView } from '@common/api/saved-messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
