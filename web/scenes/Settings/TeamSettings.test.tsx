import type { TeamMember, TeamResponse } from '@common/api/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../test/render';
import { TeamSettings } from './TeamSettings';

const member = (email: string, fields: Partial<TeamMember> = {}): TeamMember => ({
  id: `tm_${email.split('@')[0]}`,
  userId: null,
  email,
  label: email.split('@')[0]!,
  role: 'member',
  status: 'active',
  isYou: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  invitationExpiresAt: null,
  abilities: { remove: false, resend: false },
  ...fields,
});

const ownerView: TeamResponse = {
  team: { id: 't1', name: 'Harbor Bikes', timeZone: 'UTC' },
  hasAccount: true,
  you: { role: 'owner' },
  members: [
    member('jane@example.com', { role: 'owner', isYou: true }),
    member('sam@example.com', { abilities: { remove: true, resend: false } }),
    member('kim@example.com', {
      status: 'invited',
      invitationExpiresAt: '2026-11-28T10:00:00.000Z',
      abilities: { remove: true, resend: true },
    }),
  ],
  abilities: { invite: true, viewActivity: true, changeSettings: true },
};

const rows = () => screen.getAllByTestId('team-member');

describe('TeamSettings', () => {
  it('shows the owner the invite form, badges, statuses and a remove button on others only', async () => {
    mockApi({ 'GET /api/team': { body: ownerView }, 'GET /api/team/audit-log': { body: { entries: [] } } });
    renderScreen(<TeamSettings />, { path: '/app/settings/team' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('form', { name: 'Invite a teammate' })).toBeTruthy();
    const [owner, sam, kim] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(owner.textContent).toContain('(You)');
    expect(owner.textContent).toContain('Owner');
    expect(within(owner).queryByRole('button')).toBeNull();
    expect(sam.textContent).toContain('Active');
    expect(kim.textContent).toContain('Invited');
    expect(within(kim).getByRole('button', { name: 'Remove kim@example.com' })).toBeTruthy();
    expect(screen.getByText('Harbor Bikes: 2 active, 1 invited.')).toBeTruthy();
  });

  it('removes a member only after the confirm dialog, then says so', async () => {
    let removed = '';
    mockApi({
      'GET /api/team': { body: ownerView },
      'GET /api/team/audit-log': { body: { entries: [] } },
      'DELETE /api/team/members/tm_sam': () => {
        removed = 'sam';
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderScreen(<TeamSettings />, { path: '/app/settings/team' });
    await user.click(await screen.findByRole('button', { name: 'Remove sam@example.com' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove team member' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).toBe('');

    await user.click(screen.getByRole('button', { name: 'Remove sam@example.com' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Remove team member' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('team-message').textContent).toBe('sam was removed from the team.'),
    );
    expect(removed).toBe('sam');
  });

  it('shows a member the list read-only with a note, and no WhatsApp account where there is none', async () => {
    mockApi({
      'GET /api/team': {
        body: {
          ...ownerView,
          hasAccount: false,
          you: { role: 'member' },
          members: ownerView.members.map((m) => ({
            ...m,
            isYou: m.email === 'sam@example.com',
            abilities: { remove: false, resend: false },
          })),
          team: { ...ownerView.team, timeZone: 'America/New_York' },
          abilities: { invite: false, viewActivity: false, changeSettings: false },
        },
      },
    });
    renderScreen(<TeamSettings />, { path: '/app/settings/team' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    // The team's time zone, read-only.
    expect(screen.getByTestId('team-time-zone-value').textContent).toBe('America/New York');
    expect(screen.queryByRole('combobox', { name: 'Time zone' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite a teammate' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Remove/ })).toHaveLength(0);
    expect(screen.getByTestId('team-read-only').textContent).toBe(
      'Only team owners can invite or remove members.',
    );
    expect(screen.getByTestId('team-no-account').textContent).toBe('No WhatsApp account configured yet. ');
  });

  it('lets the owner choose the team’s time zone from the list and save it', async () => {
    const puts: unknown[] = [];
    mockApi({
      'GET /api/team': { body: ownerView },
      'GET /api/team/audit-log': { body: { entries: [] } },
      'PUT /api/team/time-zone': (init) => {
        const body = JSON.parse(String(init?.body)) as { timeZone: string };
        puts.push(body);
        return { body: { ...ownerView, team: { ...ownerView.team, timeZone: body.timeZone } } };
      },
    });
    const user = userEvent.setup();
    renderScreen(<TeamSettings />, { path: '/app/settings/team' });
    const select = (await screen.findByRole('combobox', { name: 'Time zone' })) as HTMLSelectElement;
    expect(select.value).toBe('UTC');
    const save = screen.getByRole('button', { name: 'Save time zone' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    // IANA zones, as the browser knows them.
    const zones = [...select.options].map((o) => o.value);
    expect(zones).toContain('Asia/Tokyo');
    expect(zones[0]).toBe('UTC');
    await user.selectOptions(select, 'Asia/Tokyo');
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByTestId('team-time-zone-saved').textContent).toBe(
        'The team’s time zone is now Asia/Tokyo.',
      ),
    );
    expect(puts).toEqual([{ timeZone: 'Asia/Tokyo' }]);
  });

  it('says why the time zone was not saved', async () => {
    mockApi({
      'GET /api/team': { body: ownerView },
      'GET /api/team/audit-log': { body: { entries: [] } },
      'PUT /api/team/time-zone': {
        status: 400,
        body: { error: 'validation_failed', message: 'Choose a time zone from the list.' },
      },
    });
    const user = userEvent.setup();
    renderScreen(<TeamSettings />, { path: '/app/settings/team' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Time zone' }), 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect((await screen.findByTestId('team-time-zone-error')).textContent).toBe(
      'Choose a time zone from the list.',
    );
  });

  it('says the team could not be loaded', async () => {
    mockApi({ 'GET /api/team': { status: 500 } });
    renderScreen(<TeamSettings />, { path: '/app/settings/team' });
    expect(await screen.findByText('Failed to refresh team data')).toBeTruthy();
  });

  it('shows an invitation’s link expiry and resends it with a new link', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00.000Z') });
    let resent = '';
    mockApi({
      'GET /api/team': { body: ownerView },
      'GET /api/team/audit-log': { body: { entries: [] } },
      'POST /api/team/invitations/tm_kim/resend': () => {
        resent = 'kim';
        return { body: { outcome: 'invited', member: ownerView.members[2] } };
      },
    });
    const user = userEvent.setup();
    renderScreen(<TeamSettings />, { path: '/app/settings/team' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const kim = rows()[2]!;
    expect(within(kim).getByTestId('invitation-expiry').textContent).toBe('Link expires in 6 days');
    expect(within(rows()[1]!).queryByRole('button', { name: /^Resend/ })).toBeNull();
    await user.click(within(kim).getByRole('button', { name: 'Resend the invitation to kim@example.com' }));
    await waitFor(() =>
      expect(screen.getByTestId('team-message').textContent).toBe(
        'A new invitation link was sent to kim@example.com.',
      ),
    );
    expect(resent).toBe('kim');
    vi.useRealTimers();
  });
});
