import { INBOX_MSG } from '@common/api/inbox';
import type { messages } from '../db/schema';
import { definePolicy, inAccount, type Refusal } from './define-policy';

type MessageRow = Pick<
  typeof messages.$inferSelect,
  'accountId' | 'direction' | 'externalId' | 'status' | 'type'
>;

/**
 * A message row with its contact's window state: `windowOpen` is canSendFreeform for the contact at
 * the messaging clock's now (a reaction is a free-form message, so it needs the window as much as a
 * text does). Only `react` reads it; left out, the window counts as closed.
 */
export type MessageSubject = { message: MessageRow; windowOpen?: boolean };

const conflictWith = (code: string, message: string): Refusal => ({ status: 409, code, message });
const CANNOT_REACT = conflictWith('cannot_react', INBOX_MSG.cannotReact);
const WINDOW_CLOSED = conflictWith('window_closed', INBOX_MSG.windowClosed);
const NOT_FAILED = conflictWith('not_failed', INBOX_MSG.onlyFailedRetry);
const NOT_INCOMING = conflictWith('not_incoming', 'Only incoming messages can be marked as read.');
/** Read already, or never accepted by Meta: no receipt to send. mark-read treats it as done. */
export const ALREADY_READ = 'already_read';

/**
 * What a teammate of the message's account may do with it. Every teammate, owner or member, has the
 * same abilities; the message's state decides.
 */
export const messagePolicy = definePolicy<MessageSubject, 'react' | 'retry' | 'markRead'>({
  /** Reactions need the target's provider id ('Cannot react to non-existent message') and the window. */
  react: {
    rule: (actor, { message, windowOpen }) => {
      if (!inAccount(actor, message)) return false;
      if (message.externalId === null) return CANNOT_REACT;
      return windowOpen === true || WINDOW_CLOSED;
    },
    denied: INBOX_MSG.cannotReact,
  },
  /**
   * Only a failed outgoing message is sent again (as a new send, with a new provider id). Reactions
   * are never message rows (they live in `reactions` and are resent by reacting again), so no type
   * is excluded here. The window is the contact's sendFreeform, asked for non-template retries.
   */
  retry: {
    rule: (actor, { message }) => {
      if (!inAccount(actor, message)) return false;
      return (message.direction === 'outgoing' && message.status === 'failed') || NOT_FAILED;
    },
    denied: INBOX_MSG.onlyFailedRetry,
  },
  /** One read receipt for an incoming message with a provider id that is not read yet. */
  markRead: {
    rule: (actor, { message }) => {
      if (!inAccount(actor, message)) return false;
      if (message.direction !== 'incoming') return NOT_INCOMING;
      const unread = message.externalId !== null && message.status !== 'read' && message.status !== 'played';
      return unread || conflictWith(ALREADY_READ, 'This message is already read.');
    },
    denied: 'Only incoming messages can be marked as read.',
  },
});
