import { CONTACT_LIST_VIEWS, type ContactListView, type InboxTab } from '@common/api/inbox';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { LiveStatus } from '../../api/live';
import { onOutcome } from '../../api/messages';
import { useLive } from '../../hooks/useLive';
import { useServerNow } from '../../hooks/useServerNow';
import { useSession } from '../../hooks/useSession';
import { showToast, Toaster } from '../../ui/Toast';
import { ContactListPanel } from './components/ContactListPanel';
import { ContactPanel } from './components/ContactPanel/ContactPanel';
import { Conversation } from './components/Conversation';
import { ConversationEmptyState } from './components/ConversationEmptyState';
import { InboxShortcuts } from './shortcuts/InboxShortcuts';

/** A quiet note while the live feed is down (after a moment, so a quick reconnect does not flash). */
function LiveNotice({ status }: { status: LiveStatus }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (status !== 'reconnecting') {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), 1_500);
    return () => window.clearTimeout(timer);
  }, [status]);
  if (!visible) return null;
  return (
    <div
      role="status"
      className="pointer-events-none absolute top-2 left-1/2 z-40 -translate-x-1/2 animate-fade-in rounded-full bg-amber-50 px-3 py-1 text-xs font-medium text-amber-800 shadow-sm ring-1 ring-amber-200"
    >
      Connection lost. Reconnecting…
    </div>
  );
}

function parseTab(value: string | null): ContactListView {
  return (CONTACT_LIST_VIEWS as readonly string[]).includes(value ?? '')
    ? (value as ContactListView)
    : 'unassigned';
}

/**
 * The inbox: the contact list on the left (400 px), the selected conversation on the right. The
 * selection and the tab live in the URL (`?contact=<id>&tab=mine`), so a chat can be linked to.
 */
export function Chats() {
  const [params, setParams] = useSearchParams();
  const contactId = params.get('contact');
  const tab = parseTab(params.get('tab'));
  const { data: session } = useSession();
  const meId = session?.user?.id ?? null;
  const now = useServerNow();

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );
  const selectContact = useCallback((id: string) => update({ contact: id }), [update]);
  const changeTab = useCallback(
    (next: ContactListView) => update({ tab: next === 'unassigned' ? null : next }),
    [update],
  );
  const jumpTo = useCallback(
    (id: string, to: InboxTab) => update({ contact: id, tab: to === 'unassigned' ? null : to }),
    [update],
  );

  // The contact panel stays open while the agent moves between chats, until it is closed.
  const [detailsOpen, setDetailsOpen] = useState(false);
  const openDetails = useCallback(() => setDetailsOpen(true), []);
  const closeDetails = useCallback(() => setDetailsOpen(false), []);
  const closeDeleted = useCallback(() => {
    setDetailsOpen(false);
    update({ contact: null });
  }, [update]);

  const [liveStatus, setLiveStatus] = useState<LiveStatus>('connecting');
  // Whoever deleted it (here or a teammate elsewhere), the conversation closes.
  const closeWhenDeleted = useCallback(() => {
    closeDeleted();
    showToast('This contact was deleted.', 'info');
  }, [closeDeleted]);
  useLive({
    meId,
    openContactId: contactId,
    onOpenContact: selectContact,
    onOpenContactDeleted: closeWhenDeleted,
    onStatus: setLiveStatus,
  });
  useEffect(() => onOutcome(({ kind, text }) => showToast(text, kind)), []);

  return (
    <div className="relative flex h-full min-h-0">
      <LiveNotice status={liveStatus} />
      <InboxShortcuts tab={tab} contactId={contactId} onSelect={selectContact} onJump={jumpTo} />
      <ContactListPanel
        tab={tab}
        onTabChange={changeTab}
        selectedId={contactId}
        onSelect={selectContact}
        now={now}
      />
      <section
        className={`${contactId ? 'flex' : 'hidden md:flex'} min-w-0 flex-1 flex-col bg-[#f6f5f2]`}
        aria-label="Conversation"
        data-open-contact={contactId ?? undefined}
      >
        {contactId ? (
          <Conversation
            key={contactId}
            contactId={contactId}
            meId={meId}
            onBack={() => update({ contact: null })}
            onOpenDetails={openDetails}
          />
        ) : (
          <ConversationEmptyState />
        )}
      </section>
      {contactId && detailsOpen && (
        <ContactPanel contactId={contactId} meId={meId} onClose={closeDetails} onDeleted={closeDeleted} />
      )}
      <Toaster />
    </div>
  );
}
