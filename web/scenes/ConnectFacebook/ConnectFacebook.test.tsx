import type { SessionResponse } from '@common/api/auth';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_SESSION } from '../../api/session';
import { mockApi, renderScreen, signedInSession } from '../../test/render';
import { ConnectFacebook } from './ConnectFacebook';
import { SIGNUP_BROADCAST_EVENT, type SignupMessage } from './embeddedSignupMessages';
import type { FacebookLoginOptions, FacebookLoginResponse, FacebookSdk } from './facebookSdk';

const OWNER_ACCESS: SessionResponse['access'] = {
  kind: 'owner',
  teamId: 't_1',
  role: 'owner',
  account: { id: 'a_1', displayPhoneNumber: '+1 555 0100', businessName: 'Acme', tokenExpired: false },
};

function sessionWith(features: Partial<SessionResponse['features']>): SessionResponse {
  return signedInSession({
    profile: {
      name: 'Jane',
      companyName: 'Acme Furniture',
      phoneNumber: '+44 7700 900123',
      businessWebsite: null,
    },
    features: { ...SIGNED_OUT_SESSION.features, ...features },
  });
}

const FACEBOOK = sessionWith({ facebook: { appId: '1234567890', configId: '998877' }, embeddedSignup: true });
const SANDBOX = sessionWith({ sandbox: true });

const FINISH = JSON.stringify({
  type: 'WA_EMBEDDED_SIGNUP',
  event: 'FINISH',
  data: { phone_number_id: '106540352242922', waba_id: '102289599326934', business_id: '2729063490586005' },
});

/** A stand-in for the Facebook JS SDK (the real one is on the internet). */
function installFakeSdk() {
  let callback: ((response: FacebookLoginResponse) => void) | null = null;
  const sdk = {
    init: vi.fn(),
    login: vi.fn((cb: (response: FacebookLoginResponse) => void, _options: FacebookLoginOptions) => {
      callback = cb;
    }),
  } satisfies FacebookSdk;
  window.FB = sdk;
  return {
    sdk,
    respond: (response: FacebookLoginResponse) => act(() => callback?.(response)),
  };
}

function postFromFacebook(data: string, origin = 'https://www.facebook.com') {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }));
  });
}

const connected = { accountId: 'a_1', teamId: 't_1', next: '/app/chats' };

afterEach(() => {
  delete window.FB;
  vi.useRealTimers();
});

describe('Continue with Facebook (Facebook JS SDK)', () => {
  it('runs embedded signup and connects with the code and the FINISH ids', async () => {
    const { sdk, respond } = installFakeSdk();
    const api = mockApi({
      'POST /api/whatsapp/connect/embedded': { status: 201, body: connected },
      'GET /api/session': { body: { ...FACEBOOK, access: OWNER_ACCESS } },
    });
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: FACEBOOK });

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    expect(sdk.init).toHaveBeenCalledWith({ appId: '1234567890', version: 'v22.0', xfbml: false });
    expect(sdk.login).toHaveBeenCalledWith(expect.any(Function), {
      config_id: '998877',
      response_type: 'code',
      override_default_response_type: true,
      scope: 'email,whatsapp_business_management,business_management',
      extras: { setup: {} },
    });
    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeTruthy();

    // A look-alike origin is ignored; Facebook's own message is kept.
    postFromFacebook(
      JSON.stringify({ ...JSON.parse(FINISH), data: { waba_id: '555555555' } }),
      'https://evil.example',
    );
    postFromFacebook(FINISH);
    await respond({ status: 'connected', authResponse: { code: 'AQB-code' } });

    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/app/chats'));
    const [, init] = api.mock.calls.find(([url]) => String(url).endsWith('/connect/embedded'))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      code: 'AQB-code',
      wabaId: '102289599326934',
      phoneNumberId: '106540352242922',
      businessId: '2729063490586005',
    });
  });

  it('re-broadcasts signup messages and shows where a CANCEL happened, over "login failed"', async () => {
    const { respond } = installFakeSdk();
    const broadcast: SignupMessage[] = [];
    const onBroadcast = (event: Event) => broadcast.push((event as CustomEvent<SignupMessage>).detail);
    window.addEventListener(SIGNUP_BROADCAST_EVENT, onBroadcast);
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: FACEBOOK });

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    postFromFacebook(
      JSON.stringify({
        type: 'WA_EMBEDDED_SIGNUP',
        event: 'CANCEL',
        data: { current_step: 'PHONE_NUMBER_SETUP' },
      }),
    );
    await respond({ status: 'unknown', authResponse: null });

    expect(screen.getByTestId('connect-error').textContent).toBe(
      'Signup process was cancelled at: PHONE_NUMBER_SETUP',
    );
    expect(broadcast).toEqual([{ kind: 'cancel', currentStep: 'PHONE_NUMBER_SETUP', errorMessage: null }]);
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    window.removeEventListener(SIGNUP_BROADCAST_EVENT, onBroadcast);
  });

  it('says the login failed when Facebook does not connect, and when no code comes back', async () => {
    const { respond } = installFakeSdk();
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: FACEBOOK });
    const button = await screen.findByRole('button', { name: 'Continue with Facebook' });

    await userEvent.click(button);
    await respond({ status: 'not_authorized', authResponse: null });
    expect(screen.getByTestId('connect-error').textContent).toBe('Facebook login failed');

    await userEvent.click(button);
    await respond({ status: 'connected', authResponse: {} });
    expect(screen.getByTestId('connect-error').textContent).toBe(
      'No authorization code received from embedded signup',
    );
  });

  it("shows the server's message when the code cannot be exchanged", async () => {
    const { respond } = installFakeSdk();
    mockApi({
      'POST /api/whatsapp/connect/embedded': {
        status: 400,
        body: {
          error: 'connect_failed',
          message: 'Token exchange failed: This authorization code has expired.',
        },
      },
    });
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: FACEBOOK });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    postFromFacebook(FINISH);
    await respond({ status: 'connected', authResponse: { code: 'old-code' } });
    expect((await screen.findByTestId('connect-error')).textContent).toBe(
      'Token exchange failed: This authorization code has expired.',
    );
  });

  it('reveals the page after 5 s while the SDK loads, then reports it not loaded and failed to load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: FACEBOOK });
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    expect(document.getElementById('facebook-jssdk')?.getAttribute('src')).toBe(
      'https://connect.facebook.net/en_US/sdk.js',
    );

    act(() => vi.advanceTimersByTime(5_000));
    act(() => screen.getByRole('button', { name: 'Continue with Facebook' }).click());
    expect(screen.getByTestId('connect-error').textContent).toBe('Facebook SDK not loaded');

    await act(async () => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('connect-error').textContent).toBe('Facebook SDK failed to load');
    expect(document.getElementById('facebook-jssdk')).toBeNull();
  });

  it('finds the SDK by polling every 100 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: FACEBOOK });
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    const { sdk } = installFakeSdk();
    await act(async () => vi.advanceTimersByTime(100));
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
  });

  it('needs a signed-in user', async () => {
    installFakeSdk();
    const noUser = { ...FACEBOOK, user: null };
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: noUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    expect(screen.getByTestId('connect-error').textContent).toBe('No user found');
  });
});

describe('Continue with Facebook (built-in sandbox)', () => {
  it('cancelling the sandbox window reports the step it was on', async () => {
    const broadcast: SignupMessage[] = [];
    const onBroadcast = (event: Event) => broadcast.push((event as CustomEvent<SignupMessage>).detail);
    window.addEventListener(SIGNUP_BROADCAST_EVENT, onBroadcast);
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: SANDBOX });

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Sandbox');
    expect((screen.getByLabelText('Business name') as HTMLInputElement).value).toBe('Acme Furniture');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('connect-error').textContent).toBe(
      'Signup process was cancelled at: WHATSAPP_BUSINESS_PROFILE_SETUP',
    );
    expect(broadcast).toEqual([
      { kind: 'cancel', currentStep: 'WHATSAPP_BUSINESS_PROFILE_SETUP', errorMessage: null },
    ]);
    window.removeEventListener(SIGNUP_BROADCAST_EVENT, onBroadcast);
  });

  it('Finish creates a sandbox number and connects it through the embedded-signup endpoint', async () => {
    const api = mockApi({
      'POST /sandbox/api/signup': {
        status: 201,
        body: {
          code: 'sandbox-code',
          type: 'WA_EMBEDDED_SIGNUP',
          event: 'FINISH',
          data: { phone_number_id: '111111111111111', waba_id: '222222222222222', business_id: '333' },
          phoneNumber: { id: '111111111111111', displayPhoneNumber: '+1 555-0100', verifiedName: 'Rivera' },
        },
      },
      'POST /api/whatsapp/connect/embedded': { status: 201, body: connected },
      'GET /api/session': { body: { ...SANDBOX, access: OWNER_ACCESS } },
    });
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: SANDBOX });

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    const name = screen.getByLabelText('Business name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Rivera Coffee');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/app/chats'));
    const bodyOf = (suffix: string) =>
      JSON.parse(String(api.mock.calls.find(([url]) => String(url).endsWith(suffix))?.[1]?.body));
    expect(bodyOf('/sandbox/api/signup')).toEqual({ businessName: 'Rivera Coffee' });
    expect(bodyOf('/connect/embedded')).toEqual({
      code: 'sandbox-code',
      wabaId: '222222222222222',
      phoneNumberId: '111111111111111',
      businessId: '333',
    });
  });

  it('Escape closes the window as a CANCEL', async () => {
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: SANDBOX });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('connect-error').textContent).toContain('Signup process was cancelled at:');
  });
});

describe('Connect with an access token instead', () => {
  async function openForm(session: SessionResponse = SANDBOX) {
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Connect with an access token instead' }),
    );
  }

  async function fill(wabaId: string, phoneNumberId: string, token: string) {
    if (wabaId) await userEvent.type(screen.getByLabelText('WhatsApp Business Account ID'), wabaId);
    if (phoneNumberId) await userEvent.type(screen.getByLabelText('Phone number ID'), phoneNumberId);
    if (token) await userEvent.type(screen.getByLabelText('Access token'), token);
    await userEvent.click(screen.getByRole('button', { name: 'Connect number' }));
  }

  it('is a disclosure with a password field for the token', async () => {
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: SANDBOX });
    const toggle = await screen.findByRole('button', { name: 'Connect with an access token instead' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Access token')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('Access token').getAttribute('type')).toBe('password');
  });

  it('checks every field before sending anything', async () => {
    const api = mockApi({});
    await openForm();
    await fill('', '', '');
    expect(screen.getByText('WhatsApp Business Account ID is required')).toBeTruthy();
    expect(screen.getByText('Phone number ID is required')).toBeTruthy();
    expect(screen.getByText('Access token is required')).toBeTruthy();
    expect(screen.getByLabelText('Access token').getAttribute('aria-invalid')).toBe('true');

    await fill('waba-12', '12345678', 'short');
    expect(
      screen.getByText(
        "WhatsApp Business Account ID must be the numeric ID shown in Meta's WhatsApp Manager",
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Phone number ID is required')).toBeNull();
    expect(screen.getByText('Access token looks too short: paste the whole system-user token')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it("puts the server's message under the field it names, or in the red box", async () => {
    let answer = {
      status: 400,
      body: { error: 'validation_failed', message: 'Phone number ID is required', field: 'phoneNumberId' },
    };
    mockApi({ 'POST /api/whatsapp/connect/manual': () => answer });
    await openForm();
    await fill('102289599326934', '106540352242922', 'EAAG-a-long-enough-system-user-token');
    expect(screen.getByText('Phone number ID is required')).toBeTruthy();
    expect(screen.queryByTestId('manual-connect-error')).toBeNull();

    answer = {
      status: 400,
      body: { error: 'connect_failed', message: 'Failed to get WhatsApp account details', field: '' },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Connect number' }));
    expect((await screen.findByTestId('manual-connect-error')).textContent).toBe(
      'Failed to get WhatsApp account details',
    );
  });

  it('sends trimmed ids and the token, then lands on /app/chats', async () => {
    const api = mockApi({
      'POST /api/whatsapp/connect/manual': { status: 201, body: connected },
      'GET /api/session': { body: { ...SANDBOX, access: OWNER_ACCESS } },
    });
    await openForm();
    await fill(' 102289599326934 ', '106540352242922', 'EAAG-a-long-enough-system-user-token');
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/app/chats'));
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({
      wabaId: '102289599326934',
      phoneNumberId: '106540352242922',
      accessToken: 'EAAG-a-long-enough-system-user-token',
    });
  });

  it('is open from the start when neither Facebook nor the sandbox is available', async () => {
    renderScreen(<ConnectFacebook />, { path: '/connect-facebook', session: sessionWith({}) });
    expect(await screen.findByLabelText('Access token')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(screen.getByTestId('connect-error').textContent).toContain('is not set up on this server');
  });
});
