import type { InboxMessage } from '@common/api/inbox';

type AlertOptions = {
  /** The contact's name (or phone) for the notification title, when known. */
  titleFor: (contactId: string) => string | null;
  /** A notification was clicked: show that chat. */
  onOpen: (contactId: string) => void;
  doc?: Pick<Document, 'visibilityState'>;
  notifications?: typeof Notification | undefined;
  focus?: () => void;
};

/**
 * New customer messages while the tab is hidden: when the user allowed it, a browser notification
 * that opens the chat. The tab title is not touched here: it counts the unread chats whether the tab
 * is hidden or not (scenes/Chats/shortcuts/useUnreadTitle.ts), and a message arriving while away
 * raises that count.
 */
export function createIncomingAlerts({
  titleFor,
  onOpen,
  doc = document,
  notifications = typeof Notification === 'undefined' ? undefined : Notification,
  focus = () => window.focus(),
}: AlertOptions) {
  return {
    onIncoming(message: InboxMessage) {
      if (doc.visibilityState === 'visible') return;
      if (notifications?.permission !== 'granted') return;
      try {
        const notification = new notifications(titleFor(message.contactId) ?? 'New message', {
          body: message.preview,
          tag: `contact-${message.contactId}`,
        });
        notification.onclick = () => {
          focus();
          onOpen(message.contactId);
          notification.close();
        };
      } catch {
        // Some browsers only notify from a service worker; the title still counts the chat.
      }
    },
  };
}
