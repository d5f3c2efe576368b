/**
 * The Facebook JS SDK, loaded only where it is needed (the connect screen): an injected script,
 * then polling for window.FB (spec §9: every 100 ms, giving up after 10 s).
 */

export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
export const FACEBOOK_GRAPH_VERSION = 'v22.0';
export const SDK_POLL_INTERVAL_MS = 100;
export const SDK_LOAD_TIMEOUT_MS = 10_000;
export const EMBEDDED_SIGNUP_SCOPES = 'email,whatsapp_business_management,business_management';

export const SDK_MSG = {
  notLoaded: 'Facebook SDK not loaded',
  failedToLoad: 'Facebook SDK failed to load',
  loginFailed: 'Facebook login failed',
  noUser: 'No user found',
} as const;

export type FacebookLoginResponse = {
  status?: 'connected' | 'not_authorized' | 'unknown' | string;
  authResponse?: { code?: string | null; accessToken?: string | null } | null;
};

export type FacebookLoginOptions = {
  config_id: string;
  response_type: 'code';
  override_default_response_type: boolean;
  scope: string;
  extras: { setup: Record<string, never> };
};

/** The part of the SDK we use. */
export type FacebookSdk = {
  init(options: { appId: string; version: string; xfbml: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: FacebookLoginOptions): void;
};

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

const SCRIPT_ID = 'facebook-jssdk';

/** The SDK once window.FB exists, initialised for our app; rejects with the spec's text after the timeout. */
export function loadFacebookSdk(
  appId: string,
  { timeoutMs = SDK_LOAD_TIMEOUT_MS, pollMs = SDK_POLL_INTERVAL_MS } = {},
): { promise: Promise<FacebookSdk>; cancel: () => void } {
  let poll: ReturnType<typeof setInterval> | undefined;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearInterval(poll);
    clearTimeout(timeout);
  };

  const promise = new Promise<FacebookSdk>((resolve, reject) => {
    const ready = () => {
      const sdk = window.FB;
      if (!sdk) return false;
      cancel();
      sdk.init({ appId, version: FACEBOOK_GRAPH_VERSION, xfbml: false });
      resolve(sdk);
      return true;
    };
    if (ready()) return;
    if (!document.getElementById(SCRIPT_ID)) {
      const script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.src = FACEBOOK_SDK_URL;
      script.async = true;
      script.defer = true;
      script.crossOrigin = 'anonymous';
      document.body.appendChild(script);
    }

    poll = setInterval(ready, pollMs);
    timeout = setTimeout(() => {
      cancel();
      // Let a later visit try again with a fresh script.
      document.getElementById(SCRIPT_ID)?.remove();
      reject(new Error(SDK_MSG.failedToLoad));
    }, timeoutMs);
  });

  return { promise, cancel };
}

/** Meta's embedded signup login: a code (not a token) for our server to exchange. */
export function embeddedSignupLoginOptions(configId: string): FacebookLoginOptions {
  return {
    config_id: configId,
    response_type: 'code',
    override_default_response_type: true,
    scope: EMBEDDED_SIGNUP_SCOPES,
    extras: { setup: {} },
  };
}
