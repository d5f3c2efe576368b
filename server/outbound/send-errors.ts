import { INBOX_MSG, type MessageError } from '@common/api/inbox';
import { describeError, type ErrorContext } from '../whatsapp/error-map';
import { GraphApiError, GraphConfigError, GraphNetworkError } from '../whatsapp/graph-errors';

/**
 * What a failed call to Meta means for a send:
 * - `retry`: Meta certainly did not take the message (it answered 429/5xx or a throttling code, or the
 *   connection was never made): send again after a backoff.
 * - `ambiguous`: the request may have reached Meta (a timeout or a connection dropped after the body
 *   went out): never resend by ourselves; fail and let a person decide (the retry action).
 * - `fail`: Meta refused it for good (131047, bad parameters, token…).
 */
export type SendFailureKind = 'retry' | 'ambiguous' | 'fail';

/** Meta's pair rate limit (one message per 6 s to the same customer): wait 4^n s and try again. */
const PAIR_RATE_LIMIT = 131056;
/** System errors that happen before a single byte of the request left: safe to try again. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function classifySendFailure(error: unknown): SendFailureKind {
  if (error instanceof GraphApiError) {
    return error.isRetryable || error.code === PAIR_RATE_LIMIT ? 'retry' : 'fail';
  }
  if (error instanceof GraphNetworkError) {
    return !error.isTimeout && error.causeCode !== null && NOT_CONNECTED.has(error.causeCode)
      ? 'retry'
      : 'ambiguous';
  }
  return 'fail';
}

/** The error-map context for a message type ('Failed to send image'…). */
export function errorContextFor(type: string): ErrorContext {
  return type === 'image' ||
    type === 'video' ||
    type === 'document' ||
    type === 'audio' ||
    type === 'reaction' ||
    type === 'template'
    ? type
    : 'text';
}

const LEAD: Record<string, string> = INBOX_MSG.failedToSend;

/** The stored error for a send that failed, in the spec's words. */
export function sendError(error: unknown, context: ErrorContext): MessageError {
  if (error instanceof GraphConfigError)
    return { code: null, message: INBOX_MSG.tokenMissing, action: 'reconnect' };
  const described = describeError(error, context);
  return { code: described.code, message: described.message, action: described.action };
}

/**
 * What every ambiguous-send error says after its lead ('Failed to send image: …'). A status webhook
 * whose `biz_opaque_callback_data` names such a message settles it (inbound/apply-batch.ts), which
 * recognises the error by this text and a null code.
 */
export const AMBIGUOUS_SEND_TEXT =
  'WhatsApp did not confirm it in time, so it may or may not have arrived. Check the chat before sending it again.';

/** A send whose outcome is unknown: Meta may or may not have the message. */
export function ambiguousSendError(context: ErrorContext): MessageError {
  const lead = LEAD[context] ?? INBOX_MSG.failedToSend.text;
  return { code: null, message: `${lead}: ${AMBIGUOUS_SEND_TEXT}`, action: 'none' };
}
