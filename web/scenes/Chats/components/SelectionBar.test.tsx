import type { ContactListItem } from '@common/api/inbox';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, signedInSession } from '../../../test/render';
import { Toaster } from '../../../ui/Toast';
import { SelectionBar } from './SelectionBar';

const contact = (id: string) => ({ id, name: id, tags: [], assignee: null }) as unknown as ContactListItem;

function setup(mode: 'tags' | 'assign', assignment: { status?: number; body: unknown }) {
  mockApi({
    'GET /api/inbox/counts': {
      body: {
        unassigned: 3,
        mine: 0,
        team: 0,
        abilities: { viewTeam: true, assignToOthers: true, deleteContacts: true },
      },
    },
    'GET /api/team': {
      body: {
        team: { id: 't', name: 'Team' },
        hasAccount: true,
        you: { role: 'owner' },
        members: [
          {
            id: 'm1',
            userId: 'u_1',
            email: 'jane@example.com',
            label: 'jane',
            role: 'owner',
            status: 'active',
            isYou: true,
            createdAt: '',
            abilities: { remove: false },
          },
          {
            id: 'm2',
            userId: 'u_2',
            email: 'sam@example.com',
            label: 'sam',
            role: 'member',
            status: 'active',
            isYou: false,
            createdAt: '',
            abilities: { remove: true },
          },
        ],
        abilities: { invite: true, viewActivity: true },
      },
    },
    'POST /api/contacts/assignment': assignment,
  });
  const onExit = vi.fn();
  renderScreen(
    <>
      <SelectionBar
        mode={mode}
        selected={[contact('a'), contact('b'), contact('c')]}
        loadedCount={5}
        onSelectAll={vi.fn()}
        onClearSelection={vi.fn()}
        onExit={onExit}
      />
      <Toaster />
    </>,
    { session: signedInSession() },
  );
  return { onExit, user: userEvent.setup() };
}

describe('SelectionBar', () => {
  it("reads 'N Selected' with 'Add Tag' in tag selection mode", () => {
    setup('tags', { body: {} });
    expect(screen.getByText('3 Selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Tag' })).toBeTruthy();
  });

  it("reads 'N Selected for Assignment' and toasts the bulk result", async () => {
    const { user, onExit } = setup('assign', {
      body: { assigned: ['a', 'b'], failed: [{ contactId: 'c', message: 'Contact not found' }] },
    });
    expect(screen.getByText('3 Selected for Assignment')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Assign/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'sam' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Assigned 2 contacts successfully. 1 failed.',
    );
    expect(onExit).toHaveBeenCalled();
  });

  it("says 'Failed to assign contacts' when the request fails and stays in selection mode", async () => {
    const { user, onExit } = setup('assign', { status: 500, body: null });
    await user.click(screen.getByRole('button', { name: /Assign/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Me/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to assign contacts');
    expect(onExit).not.toHaveBeenCalled();
  });
});
