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
