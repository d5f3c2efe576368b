import { CONNECT_MSG } from '@common/api/whatsapp';

/**
 * Meta's embedded signup window reports progress to the opener with window.postMessage
 * (type WA_EMBEDDED_SIGNUP, event FINISH… or CANCEL). Here: reading those messages, checking where
 * they come from, and re-broadcasting them inside the app as the `embeddedSignupMessage` event.
 */

export const SIGNUP_MESSAGE_TYPE = 'WA_EMBEDDED_SIGNUP';
export const SIGNUP_BROADCAST_EVENT = 'embeddedSignupMessage';
/** Spec §9: the signup listener is removed after 5 minutes. */
export const SIGNUP_LISTENER_LIFETIME_MS = 5 * 60 * 1000;

export const cancelledAt = (step: string | null | undefined) =>
  `Signup process was cancelled at: ${step || 'unknown step'}`;

/** The ids of the FINISH event, which the server uses instead of guessing the WABA from the token. */
export type SignupSessionData = { wabaId?: string; phoneNumberId?: string; businessId?: string };

export type SignupMessage =
  | { kind: 'finish'; event: string; data: SignupSessionData }
  | { kind: 'cancel'; currentStep: string | null; errorMessage: string | null }
  | { kind: 'error'; errorMessage: string | null };

/** The raw shape Meta posts (and the sandbox imitates). */
export type RawSignupMessage = {
  type: typeof SIGNUP_MESSAGE_TYPE;
  event: string;
  data?: Record<string, unknown>;
};

/**
 * Only Facebook may speak for the signup window: https and a host that is facebook.com or one of its
 * subdomains. (Meta's sample checks `origin.endsWith('facebook.com')`, which would also accept
 * e.g. https://notfacebook.com; the host check keeps the intent without that hole.)
 */
export function isFacebookOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  return url.hostname === 'facebook.com' || url.hostname.endsWith('.facebook.com');
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim()
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : undefined;

/** A WA_EMBEDDED_SIGNUP message from its raw form (a JSON string or an object), or null for anything else. */
export function readSignupMessage(raw: unknown): SignupMessage | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const message = value as { type?: unknown; event?: unknown; data?: unknown };
  if (message.type !== SIGNUP_MESSAGE_TYPE || typeof message.event !== 'string') return null;
  const data = (message.data && typeof message.data === 'object' ? message.data : {}) as Record<
    string,
    unknown
  >;

  if (message.event.startsWith('FINISH')) {
    return {
      kind: 'finish',
      event: message.event,
      data: {
        wabaId: text(data.waba_id),
        phoneNumberId: text(data.phone_number_id),
        businessId: text(data.business_id),
      },
    };
  }
  if (message.event === 'CANCEL') {
    return {
      kind: 'cancel',
      currentStep: text(data.current_step) ?? null,
      errorMessage: text(data.error_message) ?? null,
    };
  }
  if (message.event === 'ERROR') return { kind: 'error', errorMessage: text(data.error_message) ?? null };
  return null;
}

/**
 * Listens for signup messages from Facebook's window for `lifetimeMs`; each one is re-broadcast as a
 * window CustomEvent and handed to `onMessage`. Returns a function that stops listening early.
 */
export function listenForSignupMessages(
  onMessage: (message: SignupMessage) => void,
  lifetimeMs = SIGNUP_LISTENER_LIFETIME_MS,
): () => void {
  const handle = (event: MessageEvent) => {
    if (!isFacebookOrigin(event.origin)) return;
    const message = readSignupMessage(event.data);
    if (!message) return;
    broadcastSignupMessage(message);
    onMessage(message);
  };
  window.addEventListener('message', handle);
  const timer = setTimeout(() => window.removeEventListener('message', handle), lifetimeMs);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('message', handle);
  };
}

/** Spec §4: provider signup messages are re-broadcast inside the app. */
export function broadcastSignupMessage(message: SignupMessage): void {
  window.dispatchEvent(new CustomEvent<SignupMessage>(SIGNUP_BROADCAST_EVENT, { detail: message }));
}

/** The red-box text for a signup message that ends the attempt, or null for FINISH. */
export function signupMessageError(message: SignupMessage): string | null {
  if (message.kind === 'cancel') return cancelledAt(message.currentStep);
  if (message.kind === 'error') return message.errorMessage ?? CONNECT_MSG.failed;
  return null;
}
