import { FREEFORM_WINDOW_MS } from '@common/api/inbox';

type WindowFields = { lastIncomingAt: Date | null };

/** When the 24-hour customer service window closes: 24 h after the customer's latest message. */
export function windowClosesAt(contact: WindowFields): Date | null {
  return contact.lastIncomingAt ? new Date(contact.lastIncomingAt.getTime() + FREEFORM_WINDOW_MS) : null;
}

/**
 * The one rule for free-form messages (text, media, reactions): only inside the window. With no
 * message from the customer at all there is no window, so only a template may open the conversation.
 */
export function canSendFreeform(contact: WindowFields, now: Date): boolean {
  const closes = windowClosesAt(contact);
  return closes !== null && now.getTime() < closes.getTime();
}
