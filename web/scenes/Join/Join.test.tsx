import type { InvitationPreview } from '@common/api/invitations';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_SESSION } from '../../api/session';
import { mockApi, renderScreen, signedInSession } from '../../test/render';
import { Join } from './Join';

const TOKEN = 'secret-0123456789';
const preview = (fields: Partial<InvitationPreview> = {}): InvitationPreview => ({
  email: 'jane@example.com',
  teamName: 'Harbor Bikes',
  inviter: 'Sam Lee',
  hasAccount: false,
  expiresAt: '2026-12-01T10:00:00.000Z',
  ...fields,
});
const open = (session = SIGNED_OUT_SESSION) =>
  renderScreen(<Join />, { path: '/join', search: `?token=${TOKEN}`, session });
const currentPath = () => screen.getByTestId('current-path');

describe('Join', () => {
  it('sends a signed-out visitor on to sign-up with the address and the link filled in', async () => {
    mockApi({ 'POST /api/invitations/preview': { body: preview() } });
    open();
    await waitFor(() => expect(currentPath().textContent).toBe('/sign-up'));
    const search = new URLSearchParams(currentPath().dataset.search);
    expect(search.get('email')).toBe('jane@example.com');
    expect(search.get('invitation')).toBe(TOKEN);
  });

  it('sends an address that has an account to sign-in instead', async () => {
    mockApi({ 'POST /api/invitations/preview': { body: preview({ hasAccount: true }) } });
    open();
    await waitFor(() => expect(currentPath().textContent).toBe('/sign-in'));
  });

  it('joins with one click when signed in as the invited address', async () => {
    let accepted: unknown = null;
    mockApi({
      'POST /api/invitations/preview': { body: preview() },
      'POST /api/invitations/accept': (init) => {
        accepted = JSON.parse(String(init?.body));
        return { body: { teamId: 't1', next: '/app/chats' } };
      },
      'GET /api/session': { body: signedInSession() },
    });
    open(signedInSession());
    expect(await screen.findByRole('heading', { name: 'Join Harbor Bikes' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join Harbor Bikes' }));
    await waitFor(() => expect(currentPath().textContent).toBe('/app/chats'));
    expect(accepted).toEqual({ token: TOKEN });
  });

  it('tells someone signed in as another address, and offers to sign out', async () => {
    mockApi({ 'POST /api/invitations/preview': { body: preview({ email: 'kim@example.com' }) } });
    open(signedInSession());
    expect((await screen.findByTestId('invitation-other-address')).textContent).toContain(
      "You're signed in as jane@example.com. This invitation was sent to kim@example.com",
    );
    expect(screen.getByRole('button', { name: 'Sign out and continue' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
  });

  it('says when the link is invalid or has expired', async () => {
    const message =
      'This invitation link is invalid or has expired. Ask the team owner to send you a new one.';
    mockApi({
      'POST /api/invitations/preview': { status: 404, body: { error: 'invitation_invalid', message } },
    });
    open();
    expect((await screen.findByTestId('invitation-invalid')).textContent).toBe(message);
  });
});
