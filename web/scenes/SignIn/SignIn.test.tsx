import { MSG } from '@common/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen, signedInSession } from '../../test/render';
import { SignIn } from './SignIn';

async function signInWith(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignIn', () => {
  it('links to sign-up, password reset and the privacy policy', () => {
    renderScreen(<SignIn />, { path: '/sign-in' });
    expect(screen.getByRole('link', { name: 'create a new account' }).getAttribute('href')).toBe('/sign-up');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it("shows the server's message", async () => {
    mockApi({
      'POST /api/auth/sign-in': { status: 401, body: { error: 'invalid', message: MSG.invalidCredentials } },
    });
    renderScreen(<SignIn />, { path: '/sign-in' });
    await signInWith('jane@example.com', 'nope-nope');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.invalidCredentials);
  });

  it('falls back to the generic failure text', async () => {
    mockApi({ 'POST /api/auth/sign-in': { status: 502, body: null } });
    renderScreen(<SignIn />, { path: '/sign-in' });
    await signInWith('jane@example.com', 'whatever');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to sign in. Please try again.');
  });

  it('goes to the connect screen after signing in', async () => {
    mockApi({
      'POST /api/auth/sign-in': {
        body: { user: { id: 'u_1', email: 'jane@example.com' }, next: '/connect-facebook' },
      },
      'GET /api/session': { body: signedInSession() },
    });
    renderScreen(<SignIn />, { path: '/sign-in' });
    await signInWith('jane@example.com', 'correct-horse');
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/connect-facebook'));
  });
});

describe('SignIn from an invitation link', () => {
  it('fills in the invited address, joins the team after signing in and opens the inbox', async () => {
    let accepted: unknown = null;
    mockApi({
      'POST /api/auth/sign-in': {
        body: { user: { id: 'u_1', email: 'kim@example.com' }, next: '/connect-facebook' },
      },
      'POST /api/invitations/accept': (init) => {
        accepted = JSON.parse(String(init?.body));
        return { body: { teamId: 't1', next: '/app/chats' } };
      },
      'GET /api/session': { body: signedInSession() },
    });
    renderScreen(<SignIn />, {
      path: '/sign-in',
      search: '?email=kim%40example.com&invitation=secret-0123456789',
    });
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('kim@example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/app/chats'));
    expect(accepted).toEqual({ token: 'secret-0123456789' });
  });

  it('says why when the link no longer works, and lets them carry on signed in', async () => {
    const invalid =
      'This invitation link is invalid or has expired. Ask the team owner to send you a new one.';
    mockApi({
      'POST /api/auth/sign-in': {
        body: { user: { id: 'u_1', email: 'kim@example.com' }, next: '/connect-facebook' },
      },
      'POST /api/invitations/accept': {
        status: 404,
        body: { error: 'invitation_invalid', message: invalid },
      },
    });
    renderScreen(<SignIn />, {
      path: '/sign-in',
      search: '?email=kim%40example.com&invitation=secret-0123456789',
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('invitation-error')).textContent).toBe(invalid);
    expect(screen.getByRole('link', { name: 'Continue to Switchboard' }).getAttribute('href')).toBe(
      '/connect-facebook',
    );
  });
});
