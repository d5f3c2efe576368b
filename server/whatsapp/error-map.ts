import {
  GraphApiError,
  GraphConfigError,
  GraphNetworkError,
  GraphResponseError,
  RETRYABLE_META_CODES,
} from './graph-errors';
import { numberOrNull, recordOf } from './wire-guards';

/** What the user was doing when Meta said no; picks the spec §8 lead-in ('Failed to send image'…). */
export type ErrorContext =
  | 'text'
  | 'image'
  | 'video'
  | 'document'
  | 'audio'
  | 'sticker'
  | 'reaction'
  | 'template'
  | 'read_receipt'
  | 'media_upload'
  | 'media_download'
  | 'templates_load'
  | 'template_create'
  | 'token_exchange'
  | 'debug_token'
  | 'phone_numbers'
  | 'waba'
  | 'account';

/** What the UI can offer next to the message. */
export type ErrorAction = 'reconnect' | 'use_template' | 'retry_later' | 'none';

export type ErrorDescription = {
  message: string;
  /** Meta's code when there was one. */
  code: number | null;
  action: ErrorAction;
  isRetryable: boolean;
};

const CONTEXT_LEAD: Record<ErrorContext, { lead: string; appendProviderMessage?: boolean }> = {
  text: { lead: 'Failed to send message' },
  image: { lead: 'Failed to send image' },
  video: { lead: 'Failed to send video' },
  document: { lead: 'Failed to send document' },
  audio: { lead: 'Failed to send audio' },
  sticker: { lead: 'Failed to send sticker' },
  reaction: { lead: 'Failed to send reaction' },
  template: { lead: 'Failed to send template' },
  read_receipt: { lead: 'Failed to send read receipt' },
  media_upload: { lead: 'WhatsApp image, document or video upload failed' },
  media_download: { lead: 'Failed to load media' },
  templates_load: { lead: 'Failed to fetch templates' },
  template_create: { lead: 'Failed to create template', appendProviderMessage: true },
  token_exchange: { lead: 'Token exchange failed', appendProviderMessage: true },
  debug_token: { lead: 'Failed to debug token' },
  phone_numbers: { lead: 'Failed to fetch phone numbers' },
  waba: { lead: 'Failed to fetch WABA details' },
  account: { lead: 'Failed to get WhatsApp account details' },
};

type ErrorRow = {
  /** Exact Meta codes, or an inclusive range for a family (132000–132999). */
  codes: readonly number[] | { from: number; to: number };
  reason: string;
  action: ErrorAction;
  /** Shown without the context lead-in: the fix is the same whatever the user was doing. */
  isStandalone?: boolean;
  /** A better reason for one context (e.g. 131009 on a reaction). */
  byContext?: Partial<Record<ErrorContext, string>>;
};

const RECONNECT = 'Please reconnect your WhatsApp account.';
const TRY_AGAIN = 'Please wait a moment and try again.';

/** Meta error code → user-facing reason. Exact codes win over ranges; the first matching row is used. */
export const ERROR_TABLE: readonly ErrorRow[] = [
  {
    codes: [131047],
    reason:
      'More than 24 hours have passed since this customer last messaged you. Until they reply, you can only send an approved template.',
    action: 'use_template',
  },
  {
    codes: [130429, 80007, 4, 17],
    reason: `WhatsApp's sending limit was reached. ${TRY_AGAIN}`,
    action: 'retry_later',
  },
  {
    codes: [131056],
    reason: `Too many messages were sent to this customer in a short time. ${TRY_AGAIN}`,
    action: 'retry_later',
  },
  {
    codes: [131048],
    reason:
      'WhatsApp is limiting messages from this number because many were blocked or reported. Please try again later.',
    action: 'retry_later',
  },
  {
    codes: [131016, 131000, 131057, 1, 2],
    reason: `WhatsApp is temporarily unavailable. ${TRY_AGAIN}`,
    action: 'retry_later',
  },
  {
    codes: [131026],
    reason:
      "This customer can't receive WhatsApp messages. The number may not be on WhatsApp, or their app may need an update.",
    action: 'none',
  },
  {
    codes: [131053],
    reason: "WhatsApp couldn't process this file. Check that its type is supported and matches its content.",
    action: 'none',
  },
  { codes: [131052], reason: 'The file is larger than WhatsApp allows (100 MB).', action: 'none' },
  { codes: [131051], reason: 'WhatsApp does not support this type of message.', action: 'none' },
  {
    codes: [190],
    reason: `Your WhatsApp access token has expired or is no longer valid. ${RECONNECT}`,
    action: 'reconnect',
    isStandalone: true,
  },
  {
    codes: [10, 131005],
    reason: `Switchboard no longer has permission to use this WhatsApp account. ${RECONNECT}`,
    action: 'reconnect',
    isStandalone: true,
  },
  {
    codes: { from: 200, to: 299 },
    reason: `Switchboard no longer has permission to use this WhatsApp account. ${RECONNECT}`,
    action: 'reconnect',
    isStandalone: true,
  },
  {
    codes: [100],
    reason: 'WhatsApp rejected a value in the request (invalid parameter).',
    action: 'none',
  },
  { codes: [131008], reason: 'A required value is missing from the request.', action: 'none' },
  {
    codes: [131009],
    reason: 'WhatsApp rejected a value in the request.',
    action: 'none',
    byContext: { reaction: "This message can't be reacted to. It may be older than 30 days or deleted." },
  },
  { codes: [131021], reason: "You can't send a message to your own business number.", action: 'none' },
  {
    codes: [131030],
    reason:
      "This number isn't on your test number's list of allowed recipients. Add it in Meta's App Dashboard.",
    action: 'none',
  },
  {
    codes: [131031],
    reason: 'This WhatsApp Business account has been locked. Check its status in WhatsApp Manager.',
    action: 'none',
  },
  {
    codes: [131042],
    reason:
      "There's a payment problem with this WhatsApp Business account. Check its payment method in WhatsApp Manager.",
    action: 'none',
  },
  {
    codes: [131049],
    reason: 'WhatsApp held this message back to protect customer engagement. Try again later.',
    action: 'retry_later',
  },
  {
    codes: [131050],
    reason: 'This customer has stopped receiving marketing messages from you.',
    action: 'none',
  },
  {
    codes: [368],
    reason: 'This WhatsApp number is temporarily blocked for policy violations.',
    action: 'none',
  },
  { codes: [130497], reason: "This business can't message customers in this country.", action: 'none' },
  {
    codes: [132000],
    reason: "The number of template parameters doesn't match the template.",
    action: 'none',
  },
  {
    codes: [132001],
    reason: "This template doesn't exist in this language, or it isn't approved yet.",
    action: 'none',
  },
  {
    codes: [132005],
    reason: 'The template text is too long once the parameters are filled in.',
    action: 'none',
  },
  { codes: [132007], reason: "The template's content breaks WhatsApp's formatting rules.", action: 'none' },
  { codes: [132008, 132012], reason: 'A template parameter has the wrong format.', action: 'none' },
  { codes: [132015], reason: 'This template is paused because of low quality.', action: 'none' },
  {
    codes: [132016],
    reason: 'This template has been disabled after being paused too often.',
    action: 'none',
  },
  {
    codes: { from: 132000, to: 132999 },
    reason: 'WhatsApp rejected the template. Check the template and its parameters.',
    action: 'none',
  },
];

function rowFor(code: number): ErrorRow | undefined {
  return (
    ERROR_TABLE.find((row) => Array.isArray(row.codes) && row.codes.includes(code)) ??
    ERROR_TABLE.find(
      (row) =>
        !Array.isArray(row.codes) && 'from' in row.codes && code >= row.codes.from && code <= row.codes.to,
    )
  );
}

/** Meta's code from a thrown GraphApiError or a webhook error object ({ code: 131047, … }). */
function metaCodeOf(error: unknown): number | null {
  if (error instanceof GraphApiError) return error.code;
  return numberOrNull(recordOf(error).code);
}

/** Explains a failed WhatsApp call or a failed-status error for the user, with the next step the UI can offer. */
export function describeError(error: unknown, context: ErrorContext): ErrorDescription {
  const { lead, appendProviderMessage } = CONTEXT_LEAD[context];
  const code = metaCodeOf(error);
  // A thrown error knows; a webhook error object ({ code }) is judged by the same code list.
  const isRetryable =
    error instanceof GraphApiError || error instanceof GraphNetworkError
      ? error.isRetryable
      : code !== null && RETRYABLE_META_CODES.has(code);

  if (error instanceof GraphNetworkError) {
    return {
      message: `${lead}: Could not reach WhatsApp. ${TRY_AGAIN}`,
      code: null,
      action: 'retry_later',
      isRetryable,
    };
  }
  // These already carry the spec's own words ('Failed to send message: No message ID received'…).
  if (error instanceof GraphResponseError || error instanceof GraphConfigError) {
    const isMissingToken = error instanceof GraphConfigError && error.message.includes('access token');
    return { message: error.message, code: null, action: isMissingToken ? 'reconnect' : 'none', isRetryable };
  }

  const row = code === null ? undefined : rowFor(code);
  if (row) {
    const reason = row.byContext?.[context] ?? row.reason;
    return {
      message: row.isStandalone ? reason : `${lead}: ${reason}`,
      code,
      action: row.action,
      isRetryable,
    };
  }

  // Unknown code: Meta's user-facing text when it sent one, its raw message where the spec shows it.
  const providerText =
    error instanceof GraphApiError
      ? (error.userMessage ?? (appendProviderMessage ? error.message : null))
      : null;
  return {
    message: providerText ? `${lead}: ${providerText}` : lead,
    code,
    action: isRetryable ? 'retry_later' : 'none',
    isRetryable,
  };
}

/** The user-facing text for a failed WhatsApp call in a given context (spec §8 words where they exist). */
export function userMessageFor(error: unknown, context: ErrorContext): string {
  return describeError(error, context).message;
}
