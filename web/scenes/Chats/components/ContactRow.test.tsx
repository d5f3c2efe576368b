import type { ContactListItem } from '@common/api/inbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../test/render';
import { ContactRow } from './ContactRow';

const MAYA = {
  id: 'c1',
  name: 'Maya Patel',
  phone: '+16505550142',
  tags: [
    { id: 't1', name: 'VIP' },
    { id: 't2', name: 'Wholesale' },
    { id: 't3', name: 'Returns' },
  ],
  assignee: null,
  lastMessageAt: '2026-03-12T10:00:00.000Z',
  lastMessagePreview: 'Hi!',
  lastMessageDirection: 'incoming',
  unreadCount: 0,
  windowClosesAt: null,
} as unknown as ContactListItem;

function setup(props: Partial<Parameters<typeof ContactRow>[0]> = {}) {
  mockApi({ 'GET /api/tags': { body: { tags: [] } } });
  const onSelect = vi.fn();
  const { unmount } = renderScreen(
    <ContactRow
      contact={MAYA}
      isSelected={false}
      now={Date.parse('2026-03-12T12:00:00Z')}
      onSelect={onSelect}
      {...props}
    />,
  );
  return { onSelect, unmount, user: userEvent.setup() };
}

describe('ContactRow', () => {
  it('shows two tag chips and +N, and keeps the per-chat menu outside the row button', () => {
    setup();
    const row = screen.getByTestId('contact-row');
    expect(
      within(row)
        .getAllByTestId('tag-chip')
        .map((c) => c.textContent),
    ).toEqual(['VIP', 'Wholesale']);
    expect(within(row).getByText('+1')).toBeTruthy();
    const menuButton = within(row).getByRole('button', { name: 'Chat options for Maya Patel' });
    expect(menuButton.closest('button')?.parentElement?.closest('button')).toBeNull();
  });

  it("opens 'Tag chat' and 'Assign' from the keyboard; Escape closes and gives focus back", async () => {
    const { user, onSelect } = setup();
    const menuButton = screen.getByRole('button', { name: 'Chat options for Maya Patel' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    // The menu is named by the button that opens it.
    const menu = screen.getByRole('menu', { name: 'Chat options for Maya Patel' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Tag chat', 'Assign']);
    expect(document.activeElement?.textContent).toBe('Tag chat');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Assign');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
    expect(onSelect).not.toHaveBeenCalled();

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Tag chat' }));
    expect(screen.getByRole('dialog', { name: 'Tag chat' })).toBeTruthy();
    // The picker is downloaded on first use: its search box takes the focus once it is there.
    const search = await screen.findByRole(
      'textbox',
      { name: 'Search or create tag...' },
      { timeout: 5_000 },
    );
    await waitFor(() => expect(document.activeElement).toBe(search));
  });

  it("says 'You:' before the signed-in user's own last message and the teammate's first name before theirs", () => {
    const outgoing = (sentBy: ContactListItem['lastMessageSentBy']) =>
      ({ ...MAYA, lastMessageDirection: 'outgoing', lastMessageSentBy: sentBy }) as ContactListItem;
    const preview = () => screen.getByTestId('last-message').textContent;

    const own = setup({ contact: outgoing({ id: 'u-me', firstName: 'Jane' }), meId: 'u-me' });
    expect(preview()).toBe('You: Hi!');
    own.unmount();
    const teammate = setup({ contact: outgoing({ id: 'u-sam', firstName: 'Sam' }), meId: 'u-me' });
    expect(preview()).toBe('Sam: Hi!');
    teammate.unmount();
    // The customer's message, and one whose sender is unknown (a removed user), carry no name.
    const incoming = setup({ meId: 'u-me' });
    expect(preview()).toBe('Hi!');
    incoming.unmount();
    setup({ contact: outgoing(null), meId: 'u-me' });
    expect(preview()).toBe('Hi!');
  });

  it('in selection mode the row ticks instead of opening the chat, and hides the menu', async () => {
    const onToggleSelect = vi.fn();
    const { user, onSelect } = setup({ selectMode: true, checked: false, onToggleSelect });
    await user.click(screen.getByRole('checkbox', { name: 'Select Maya Patel' }));
    expect(onToggleSelect).toHaveBeenCalledWith('c1');
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Chat options/ })).toBeNull();
  });
});
