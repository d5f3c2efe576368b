import type { SessionResponse } from '@common/api/auth';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_SESSION } from '../../api/session';
import { mockApi, renderScreen, signedInSession } from '../../test/render';
import { AuthCallback, readHashTokens } from './AuthCallback';

const OWNER: SessionResponse = signedInSession({
  access: {
    kind: 'owner',
    teamId: 't_1',
    role: 'owner',
    account: { id: 'a_1', displayPhoneNumber: null, businessName: null, tokenExpired: false },
  },
});

function at(hash: string) {
  window.history.replaceState(null, '', `/auth/callback${hash}`);
}

const currentPath = () => screen.getByTestId('current-path').textContent;

afterEach(() => {
  vi.useRealTimers();
  at('');
});

describe('AuthCallback', () => {
  it('sends a signed-in owner to /app/chats', async () => {
    mockApi({ 'GET /api/session': { body: OWNER } });
    renderScreen(<AuthCallback />, { path: '/auth/callback' });
    await waitFor(() => expect(currentPath()).toBe('/app/chats'));
  });

  it('sends a signed-in user without an account to /connect-facebook', async () => {
    mockApi({ 'GET /api/session': { body: signedInSession() } });
    renderScreen(<AuthCallback />, { path: '/auth/callback' });
    await waitFor(() => expect(currentPath()).toBe('/connect-facebook'));
  });

  it('without a session or tokens: says the tokens are missing and offers the way back', async () => {
    mockApi({ 'GET /api/session': { body: SIGNED_OUT_SESSION } });
    renderScreen(<AuthCallback />, { path: '/auth/callback' });
    expect(screen.getByRole('heading', { name: 'Finalizing Login' })).toBeTruthy();
    expect((await screen.findByTestId('callback-error')).textContent).toBe(
      'Access token or refresh token missing in URL',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Return to Login' }));
    expect(currentPath()).toBe('/sign-in');
  });

  it('tokens in the hash cannot become a session here; they are wiped from the address bar', async () => {
    at('#access_token=abc&refresh_token=def&expires_in=3600');
    mockApi({ 'GET /api/session': { body: SIGNED_OUT_SESSION } });
    renderScreen(<AuthCallback />, { path: '/auth/callback' });
    expect((await screen.findByTestId('callback-error')).textContent).toBe('Failed to establish session');
    expect(window.location.hash).toBe('');
  });

  it('gives up after 20 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    mockApi({ 'GET /api/session': () => new Promise(() => undefined) });
    renderScreen(<AuthCallback />, { path: '/auth/callback' });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    await act(async () => vi.advanceTimersByTime(19_999));
    expect(screen.queryByTestId('callback-error')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('callback-error').textContent).toBe(
      'Login process timed out after 20 seconds. Please try again.',
    );
  });

  it('an unexpected failure says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/session': { status: 500, body: { error: 'internal', message: 'boom' } } });
    renderScreen(<AuthCallback />, { path: '/auth/callback' });
    expect((await screen.findByTestId('callback-error')).textContent).toBe('Unexpected error occurred.');
  });
});

describe('readHashTokens', () => {
  it('needs both tokens', () => {
    expect(readHashTokens('#access_token=a&refresh_token=b')).toEqual({
      accessToken: 'a',
      refreshToken: 'b',
    });
    expect(readHashTokens('#access_token=a')).toBeNull();
    expect(readHashTokens('')).toBeNull();
  });
});
