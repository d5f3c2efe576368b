import { MSG } from '@common/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen, signedInSession } from '../../test/render';
import { SignUp } from './SignUp';

async function fillAndSubmit(email: string, password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('SignUp', () => {
  it('says the passwords do not match before calling the server', async () => {
    const fetchMock = mockApi({});
    renderScreen(<SignUp />, { path: '/sign-up' });
    await fillAndSubmit('jane@example.com', 'secret-one', 'secret-two');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for at least 6 characters', async () => {
    const fetchMock = mockApi({});
    renderScreen(<SignUp />, { path: '/sign-up' });
    await fillAndSubmit('jane@example.com', 'abc', 'abc');
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters long');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the account and goes to onboarding', async () => {
    let finishSignUp = () => {};
    const signUpDone = new Promise<void>((resolve) => {
      finishSignUp = resolve;
    });
    mockApi({
      'POST /api/auth/sign-up': async () => {
        await signUpDone;
        return {
          status: 201,
          body: { user: { id: 'u_1', email: 'jane@example.com' }, joinedTeam: false, next: '/onboarding' },
        };
      },
      'GET /api/session': { body: signedInSession() },
    });
    renderScreen(<SignUp />, { path: '/sign-up' });
    await fillAndSubmit('jane@example.com', 'correct-horse', 'correct-horse');
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeTruthy();
    finishSignUp();
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/onboarding'));
  });

  it('signs an already registered user in and goes to onboarding after a second', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/sign-up': {
        status: 409,
        body: { error: 'user_exists', message: MSG.userAlreadyRegistered },
      },
      'POST /api/auth/sign-in': {
        body: { user: { id: 'u_1', email: 'jane@example.com' }, next: '/connect-facebook' },
      },
      'GET /api/session': { body: signedInSession() },
    });
    renderScreen(<SignUp />, { path: '/sign-up' });
    await fillAndSubmit('jane@example.com', 'correct-horse', 'correct-horse');
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/onboarding'), {
      timeout: 3_000,
    });
    const signInCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/sign-in'));
    expect(JSON.parse(String(signInCall?.[1]?.body))).toEqual({
      email: 'jane@example.com',
      password: 'correct-horse',
    });
  });

  it("shows the sign-in error when the existing user's password is wrong", async () => {
    mockApi({
      'POST /api/auth/sign-up': {
        status: 409,
        body: { error: 'user_exists', message: MSG.userAlreadyRegistered },
      },
      'POST /api/auth/sign-in': {
        status: 401,
        body: { error: 'invalid_credentials', message: MSG.invalidCredentials },
      },
    });
    renderScreen(<SignUp />, { path: '/sign-up' });
    await fillAndSubmit('jane@example.com', 'wrong-horse', 'wrong-horse');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.invalidCredentials);
  });

  it('sends the invitation link’s secret, tells a user who joined a team and then goes to the app', async () => {
    let sent: Record<string, unknown> = {};
    mockApi({
      'POST /api/auth/sign-up': (init) => {
        sent = JSON.parse(String(init?.body));
        return {
          status: 201,
          body: { user: { id: 'u_1', email: 'jane@example.com' }, joinedTeam: true, next: '/app' },
        };
      },
      'GET /api/session': { body: signedInSession() },
    });
    renderScreen(<SignUp />, {
      path: '/sign-up',
      search: '?email=jane%40example.com&invitation=secret-0123456789',
    });
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('jane@example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password', { exact: true }), 'correct-horse');
    await user.type(screen.getByLabelText('Confirm password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(sent).toMatchObject({ email: 'jane@example.com', invitationToken: 'secret-0123456789' });
    expect((await screen.findByRole('status')).textContent).toBe(MSG.addedToTeam);
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/app'), {
      timeout: 3_500,
    });
  });

  it('shows other server messages, or a generic one', async () => {
    mockApi({ 'POST /api/auth/sign-up': { status: 500, body: null } });
    renderScreen(<SignUp />, { path: '/sign-up' });
    await fillAndSubmit('jane@example.com', 'correct-horse', 'correct-horse');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.unexpectedError);
  });
});
