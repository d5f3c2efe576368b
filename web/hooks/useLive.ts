import type { InboxMessage } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { findCachedContact, refreshLists } from '../api/inbox';
import { applyServerEvent, connectLive, type LiveStatus } from '../api/live';
import { refreshConversationHead } from '../api/messages';
import { SESSION_QUERY_KEY } from '../api/session';
import { createIncomingAlerts } from './incomingAlerts';

/** Spec §4: refresh silently 1 s after the tab becomes visible; reloads at most every 5 s unless forced. */
export const VISIBLE_REFRESH_DELAY_MS = 1_000;
export const RELOAD_THROTTLE_MS = 5_000;
/** Re-reads the server clock (pong) as often as the window timer refreshes. */
const CLOCK_PING_MS = 60_000;

type UseLiveOptions = {
  meId: string | null;
  /** The open conversation, refreshed after a reconnect. */
  openContactId: string | null;
  /** A notification was clicked: show that chat. */
  onOpenContact: (contactId: string) => void;
  /** A teammate deleted the contact whose conversation is open. */
  onOpenContactDeleted?: () => void;
  onStatus?: (status: LiveStatus) => void;
};

/**
 * Keeps the chats screen live: one WebSocket whose events update the query cache, a silent refresh
 * after reconnects and when the tab comes back, and — while the tab is hidden — a browser
 * notification for each new customer message (the title's '(n)' counts unread chats: useUnreadTitle).
 */
export function useLive({
  meId,
  openContactId,
  onOpenContact,
  onOpenContactDeleted,
  onStatus,
}: UseLiveOptions): void {
  const client = useQueryClient();
  const openRef = useRef(openContactId);
  openRef.current = openContactId;
  const onOpenRef = useRef(onOpenContact);
  onOpenRef.current = onOpenContact;
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;
  const onDeletedRef = useRef(onOpenContactDeleted);
  onDeletedRef.current = onOpenContactDeleted;

  useEffect(() => {
    let lastReload = 0;

    const refresh = (force: boolean) => {
      const now = Date.now();
      if (!force && now - lastReload < RELOAD_THROTTLE_MS) return;
      lastReload = now;
      void refreshLists(client);
      // Chats visited earlier may have missed events too: they refetch when opened again.
      void client.invalidateQueries({ queryKey: ['messages'], refetchType: 'none' });
      const open = openRef.current;
      if (open) void refreshConversationHead(client, open).catch(() => {});
    };

    const alerts = createIncomingAlerts({
      titleFor: (contactId) => {
        const contact = findCachedContact(client, contactId);
        return contact ? contact.name || contact.phone : null;
      },
      onOpen: (contactId) => onOpenRef.current(contactId),
    });
    const onIncoming = (message: InboxMessage) => alerts.onIncoming(message);

    const connection = connectLive({
      onEvent: (frame) => {
        applyServerEvent({ client, meId, onIncoming }, frame);
        if (frame.event === 'contact.deleted' && frame.data.contactId === openRef.current) {
          onDeletedRef.current?.();
        }
      },
      onResync: () => refresh(true),
      onStatus: (status) => onStatusRef.current?.(status),
      onEnded: () => {
        // Signed out or removed from the team: the session says where to go.
        void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      },
    });

    let visibleTimer: ReturnType<typeof setTimeout> | null = null;
    const handleVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      connection.wake();
      if (visibleTimer) clearTimeout(visibleTimer);
      visibleTimer = setTimeout(() => refresh(false), VISIBLE_REFRESH_DELAY_MS);
    };
    document.addEventListener('visibilitychange', handleVisibility);
    const clockTimer = setInterval(() => connection.ping(), CLOCK_PING_MS);

    return () => {
      document.removeEventListener('visibilitychange', handleVisibility);
      if (visibleTimer) clearTimeout(visibleTimer);
      clearInterval(clockTimer);
      connection.close();
    };
  }, [client, meId]);
}
