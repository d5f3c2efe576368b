import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../test/render';
import { InviteForm } from './InviteForm';

const invitedMember = (email: string, status: 'invited' | 'active' = 'invited') => ({
  id: 'tm_2',
  email,
  label: email.split('@')[0],
  role: 'member',
  status,
  isYou: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  abilities: { remove: true },
});

function setup({ fakeTimers = false } = {}) {
  const onInvited = vi.fn();
  renderScreen(<InviteForm onInvited={onInvited} />, { path: '/app/settings/team' });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  return { onInvited, user };
}
const message = () => screen.getByTestId('invite-message').textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('InviteForm', () => {
  it('offers the member role only', () => {
    mockApi({});
    setup();
    const role = screen.getByLabelText('Role') as HTMLSelectElement;
    expect([...role.options].map((o) => o.text)).toEqual(['Member']);
  });

  it('asks for an address before calling the server, then for a valid one', async () => {
    const fetchMock = mockApi({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(message()).toBe('Please enter an email address.');
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(message()).toBe('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the address lowercased as a member, clears the field and says so', async () => {
    let sent: unknown;
    mockApi({
      'POST /api/team/invitations': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: { outcome: 'invited', member: invitedMember('sam@example.com') } };
      },
    });
    const { user, onInvited } = setup();
    await user.type(screen.getByLabelText('Email address'), '  Sam@Example.COM ');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(message()).toBe('Invitation sent to sam@example.com.'));
    expect(sent).toEqual({ email: 'sam@example.com', role: 'member' });
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
    expect(onInvited).toHaveBeenCalledOnce();
  });

  it('shows the server’s message, or the spec’s fallback when there is none', async () => {
    let answer = {
      status: 409,
      body: { error: 'already_invited', message: 'This email address has already been invited.' } as unknown,
    };
    mockApi({ 'POST /api/team/invitations': () => answer });
    const { user } = setup();
    await user.type(screen.getByLabelText('Email address'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(message()).toBe('This email address has already been invited.'));
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('sam@example.com');

    answer = { status: 500, body: undefined };
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(message()).toBe('Failed to invite team member'));
  });

  it('clears its message after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({});
    const { user } = setup({ fakeTimers: true });
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(message()).toBe('Please enter an email address.');
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.queryByTestId('invite-message')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('invite-message')).toBeNull();
  });
});
