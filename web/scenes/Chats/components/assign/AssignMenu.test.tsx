import type { UserSummary } from '@common/api/inbox';
import type { TeamMember } from '@common/api/team';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, signedInSession } from '../../../../test/render';
import { AssignMenu } from './AssignMenu';

const member = (userId: string, label: string, role: 'owner' | 'member' = 'member'): TeamMember => ({
  id: `tm_${label}`,
  userId,
  email: `${label}@example.com`,
  label,
  role,
  status: 'active',
  isYou: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  invitationExpiresAt: null,
  abilities: { remove: false, resend: false },
});

function setup(as: 'owner' | 'member', current: (UserSummary | null)[]) {
  const meId = as === 'owner' ? 'u_own' : 'u_sam';
  mockApi({
    'GET /api/inbox/counts': {
      body: {
        unassigned: 1,
        mine: 0,
        team: as === 'owner' ? 0 : null,
        abilities: {
          viewTeam: as === 'owner',
          assignToOthers: as === 'owner',
          deleteContacts: as === 'owner',
        },
      },
    },
    'GET /api/team': {
      body: {
        team: { id: 't', name: 'Harbor Bikes' },
        hasAccount: true,
        you: { role: as },
        members: [member('u_own', 'olivia', 'owner'), member('u_sam', 'sam'), member('u_kim', 'kim')],
        abilities: { invite: as === 'owner', viewActivity: as === 'owner' },
      },
    },
  });
  const onSelect = vi.fn();
  renderScreen(<AssignMenu current={current} onSelect={onSelect} />, {
    session: signedInSession({ user: { id: meId, email: `${as}@example.com` } }),
  });
  return { onSelect, user: userEvent.setup() };
}

const items = async () =>
  (await screen.findAllByRole('menuitem')).map((item) => item.textContent?.replace(/\s+/g, ' ').trim());

describe('AssignMenu', () => {
  it("shows an owner 'Me (You)' with the Owner badge and every teammate, and assigns on click", async () => {
    const { onSelect, user } = setup('owner', [null]);
    expect(await items()).toEqual(['Me (You)Owner', 'sam', 'kim']);
    expect(screen.queryByTestId('assign-note')).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'sam' }));
    expect(onSelect).toHaveBeenCalledWith({ id: 'u_sam', label: 'sam' });
  });

  it('leaves the current assignee out and offers Unassign (null) to an owner', async () => {
    const { onSelect, user } = setup('owner', [{ id: 'u_kim', label: 'kim' }]);
    expect(await items()).toEqual(['Unassign', 'Me (You)Owner', 'sam']);
    await user.click(screen.getByRole('menuitem', { name: 'Unassign' }));
    expect(onSelect).toHaveBeenCalledWith(null);
  });

  it("shows a member only 'Me (You)' on an unassigned contact, with the grey note", async () => {
    setup('member', [null]);
    expect(await items()).toEqual(['Me (You)']);
    expect(screen.getByTestId('assign-note').textContent).toBe('Only team owners can assign to others');
  });

  it("offers a member Unassign on their own contact and nothing on a teammate's", async () => {
    setup('member', [{ id: 'u_sam', label: 'sam' }]);
    expect(await items()).toEqual(['Unassign']);
  });

  it('gives a member no choice on a contact a teammate has, only the note', async () => {
    setup('member', [{ id: 'u_own', label: 'olivia' }]);
    const note = await screen.findByTestId('assign-note');
    expect(note.textContent).toBe('Only team owners can assign to others');
    expect(screen.queryAllByRole('menuitem')).toHaveLength(0);
  });
});
