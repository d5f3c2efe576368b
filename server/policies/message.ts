import type { MessageAbilities } from '@common/api/inbox';
import type { messages } from '../db/schema';

type MessageRow = Pick<typeof messages.$inferSelect, 'direction' | 'externalId' | 'status' | 'type'>;

/**
 * What may be done with a message. `windowOpen` is canSendFreeform for its contact: a reaction is a
 * free-form message, so it needs the window as much as a text does.
 */
export const messagePolicy = {
  /** Reactions need the target's provider id (else 'Cannot react to non-existent message'). */
  react: (m: MessageRow, windowOpen: boolean): boolean => m.externalId !== null && windowOpen,
  /** Only a failed outgoing message is sent again (as a new send, with a new provider id). */
  retry: (m: MessageRow): boolean => m.direction === 'outgoing' && m.status === 'failed',
  /** One read receipt for an incoming message with a provider id that is not read yet. */
  markRead: (m: MessageRow): boolean =>
    m.direction === 'incoming' && m.externalId !== null && m.status !== 'read' && m.status !== 'played',
};

export function messageAbilities(m: MessageRow, windowOpen: boolean): MessageAbilities {
  return {
    react: messagePolicy.react(m, windowOpen),
    retry: messagePolicy.retry(m),
    markRead: messagePolicy.markRead(m),
  };
}
