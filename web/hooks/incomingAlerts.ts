import type { InboxMessage } from '@common/api/inbox';

type AlertOptions = {
  /** The contact's name (or phone) for the notification title, when known. */
  titleFor: (contactId: string) => string | null;
  /** A notification was clicked: show that chat. */
  onOpen: (contactId: string) => void;
  doc?: Document;
  notifications?: typeof Notification | undefined;
  focus?: () => void;
};

const BADGE = /^\(\d+\)\s*/;

/**
 * New customer messages while the tab is hidden: a '(n)' badge in the title and, when the user
 * allowed it, a browser notification that opens the chat. Coming back to the tab clears the badge.
 */
export function createIncomingAlerts({
  titleFor,
  onOpen,
  doc = document,
  notifications = typeof Notification === 'undefined' ? undefined : Notification,
  focus = () => window.focus(),
}: AlertOptions) {
  const baseTitle = doc.title.replace(BADGE, '');
  let unseen = 0;

  return {
    onIncoming(message: InboxMessage) {
      if (doc.visibilityState === 'visible') return;
      unseen += 1;
      doc.title = `(${unseen}) ${baseTitle}`;
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
        // Some browsers only notify from a service worker; the title badge remains.
      }
    },
    /** The tab is visible again (or the screen closes). */
    reset() {
      unseen = 0;
      doc.title = baseTitle;
    },
  };
}
