/** The customer phone API (/sandbox/api) as the page uses it. */
import type {
  Chat,
  ChatMessage,
  CustomerSummary,
  FailNextSends,
  Party,
  PhoneNumber,
  RenderedTemplate,
  Settings,
  SettingsView,
  SignupResult,
  TemplateSummary,
} from '@common/api/sandbox';

export type {
  Chat,
  ChatMessage,
  CustomerSummary,
  FailNextSends,
  Party,
  PhoneNumber,
  RenderedTemplate,
  Settings,
  SettingsView,
  SignupResult,
  TemplateSummary,
};

export class SandboxApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/sandbox/api${path}`, init);
  } catch {
    throw new SandboxApiError(0, 'Cannot reach the server.');
  }
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const message = (body as { message?: string } | null)?.message ?? `Request failed (${response.status})`;
    throw new SandboxApiError(response.status, message);
  }
  return body as T;
}

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: body === undefined ? {} : { 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

const chatPath = (phoneId: string, waId: string) => `/phone-numbers/${phoneId}/customers/${waId}`;

export const sandboxApi = {
  phoneNumbers: () => call<{ phoneNumbers: PhoneNumber[] }>('/phone-numbers'),
  signup: (businessName?: string) => call<SignupResult>('/signup', json('POST', { businessName })),
  systemToken: (phoneId: string) =>
    call<{ accessToken: string; wabaId: string; phoneNumberId: string }>(
      `/phone-numbers/${phoneId}/token`,
      json('POST'),
    ),
  templates: (phoneId: string) =>
    call<{ templates: TemplateSummary[] }>(`/phone-numbers/${phoneId}/templates`),
  customers: (phoneId: string) =>
    call<{ customers: CustomerSummary[] }>(`/phone-numbers/${phoneId}/customers`),
  createCustomer: (phoneId: string, input: { waId: string; name: string }) =>
    call<{ customer: { waId: string; name: string } }>(
      `/phone-numbers/${phoneId}/customers`,
      json('POST', input),
    ),
  chat: (phoneId: string, waId: string) => call<Chat>(`${chatPath(phoneId, waId)}/messages`),
  sendText: (phoneId: string, waId: string, text: string, replyTo?: string) =>
    call<{ id: string }>(
      `${chatPath(phoneId, waId)}/messages`,
      json('POST', { type: 'text', text, replyTo }),
    ),
  react: (phoneId: string, waId: string, messageId: string, emoji: string) =>
    call<{ id: string }>(
      `${chatPath(phoneId, waId)}/messages`,
      json('POST', { type: 'reaction', messageId, emoji }),
    ),
  /** A tap on a reply button or a list row: Meta's button_reply / list_reply to the app. */
  choose: (phoneId: string, waId: string, messageId: string, optionId: string) =>
    call<{ id: string }>(
      `${chatPath(phoneId, waId)}/messages`,
      json('POST', { type: 'interactive_reply', messageId, optionId }),
    ),
  sendFile: (
    phoneId: string,
    waId: string,
    file: File,
    options: { caption?: string; replyTo?: string; asDocument: boolean },
  ) => {
    const form = new FormData();
    form.set('file', file, file.name);
    if (options.caption) form.set('caption', options.caption);
    if (options.replyTo) form.set('replyTo', options.replyTo);
    form.set('asDocument', String(options.asDocument));
    return call<{ id: string }>(`${chatPath(phoneId, waId)}/media`, { method: 'POST', body: form });
  },
  markRead: (phoneId: string, waId: string) =>
    call<{ read: number }>(`${chatPath(phoneId, waId)}/read`, json('POST')),
  settings: () => call<SettingsView>('/settings'),
  updateSettings: (patch: Partial<Settings>) => call<SettingsView>('/settings', json('PUT', patch)),
  advanceClock: (seconds: number) => call<SettingsView>('/clock/advance', json('POST', { seconds })),
};
