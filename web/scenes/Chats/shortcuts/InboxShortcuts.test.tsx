import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { InboxShortcuts } from './InboxShortcuts';
import { contactRow, stubInboxApi } from './testInbox';

const unassigned = [
  contactRow('ana', { name: 'Ana Lima', unreadCount: 2, lastMessageAt: '2026-03-12T10:05:00.000Z' }),
  contactRow('ben', { name: 'Ben Ode', lastMessageAt: '2026-03-12T10:04:00.000Z' }),
  contactRow('cy', { name: 'Cy Twombly', unreadCount: 1, lastMessageAt: '2026-03-12T10:03:00.000Z' }),
];
const mine = [
  contactRow('maya', {
    name: 'Maya Patel',
    phone: '+16505550199',
    unreadCount: 4,
    lastMessageAt: '2026-03-12T09:00:00.000Z',
  }),
];

function setup(contactId: string | null = 'ben') {
  document.title = 'Switchboard';
  const fetchMock = stubInboxApi({ unassigned, mine });
  const onSelect = vi.fn();
  const onJump = vi.fn();
  const view = renderScreen(
    <InboxShortcuts tab="unassigned" contactId={contactId} onSelect={onSelect} onJump={onJump} />,
  );
  return { ...view, onSelect, onJump, fetchMock };
}

/**
 * The search has the focus when the palette opens (it autofocuses; e2e/keyboard.spec.ts checks it in
 * Chromium). happy-dom's document fails React Aria's `instanceof Document` check, so the dialog takes
 * the focus back from its child here; the test puts it where a browser leaves it.
 */
async function focusSearch() {
  const search = screen.getByRole('searchbox', { name: 'Name or phone number' });
  await waitFor(() => expect(document.activeElement?.closest('[role="dialog"]')).toBeTruthy());
  search.focus();
}

/** onSelect does not move the open chat here, as when the screen has not caught up with a press. */
function LaggingScreen({ onSelect }: { onSelect: (contactId: string) => void }) {
  const [open, setOpen] = useState('ana');
  return (
    <>
      <button type="button" onClick={() => setOpen('ben')}>
        Open Ben
      </button>
      <InboxShortcuts tab="unassigned" contactId={open} onSelect={onSelect} onJump={() => undefined} />
    </>
  );
}

afterEach(() => {
  document.title = 'Switchboard';
});

describe('inbox shortcuts', () => {
  it('titles the tab with the number of unread chats, and gives the title back on leaving', async () => {
    const { unmount } = setup();
    await waitFor(() => expect(document.title).toBe('(3) Switchboard'));
    unmount();
    expect(document.title).toBe('Switchboard');
  });

  it('moves to the previous and next chat of the list on screen with Alt+↑ and Alt+↓', async () => {
    const user = userEvent.setup();
    const { onSelect } = setup('ben');
    await waitFor(() => expect(document.title).toBe('(3) Switchboard'));
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(onSelect).toHaveBeenLastCalledWith('cy');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(onSelect).toHaveBeenLastCalledWith('ben');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(onSelect).toHaveBeenLastCalledWith('ana');
  });

  it('steps on from the last step even before the screen shows it, and from a chat opened otherwise', async () => {
    const user = userEvent.setup();
    stubInboxApi({ unassigned, mine });
    const onSelect = vi.fn();
    renderScreen(<LaggingScreen onSelect={onSelect} />);
    await waitFor(() => expect(document.title).toBe('(3) Switchboard'));
    await user.keyboard('{Alt>}{ArrowDown}{ArrowDown}{/Alt}');
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual(['ben', 'cy']);
    // The agent opens Ben from the list: the next step starts there.
    await user.click(screen.getByRole('button', { name: 'Open Ben' }));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(onSelect).toHaveBeenLastCalledWith('ana');
  });

  it('shows every shortcut on ?, and Escape puts it away', async () => {
    const user = userEvent.setup();
    setup();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, { timeout: 5_000 });
    expect(sheet.textContent).toContain('Jump to a conversation');
    expect(sheet.textContent).toContain('Next conversation in the list');
    expect(sheet.textContent).toContain('Saved messages');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('jumps to a chat by name from Ctrl+K, Enter opening it in the tab it is in', async () => {
    const user = userEvent.setup();
    const { onJump } = setup();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Jump to conversation' }, { timeout: 5_000 });
    await focusSearch();
    // With nothing typed it lists the latest chats of every tab.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    await user.keyboard('maya');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(palette.textContent).toContain('Assigned to Me');
    await user.keyboard('{Enter}');
    expect(onJump).toHaveBeenCalledWith('maya', 'mine');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('finds a chat by its phone number, as written with spaces', async () => {
    const user = userEvent.setup();
    const { onJump, fetchMock } = setup();
    await user.keyboard('{Meta>}k{/Meta}');
    await screen.findByRole('dialog', { name: 'Jump to conversation' }, { timeout: 5_000 });
    await focusSearch();
    await user.keyboard('650 555');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(screen.getByRole('option').textContent).toContain('Maya Patel');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/contacts?tab=mine&limit=8&q=650+555',
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onJump).toHaveBeenCalledWith('maya', 'mine');
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    setup();
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Jump to conversation' }, { timeout: 5_000 });
    await focusSearch();
    await user.keyboard('nobody');
    expect(await screen.findByText('No chats found')).toBeTruthy();
  });
});
