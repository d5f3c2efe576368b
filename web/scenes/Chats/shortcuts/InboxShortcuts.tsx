import type { ContactListView, InboxTab } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { neighbourId, visibleListContacts } from './inboxCache';
import { useInboxShortcuts } from './useInboxShortcuts';
import { useUnreadTitle } from './useUnreadTitle';

/**
 * After a jump the agent is there to write: the new chat's message box takes the focus once it is on
 * screen (its conversation loads first; after 3 s nothing moves).
 */
function focusMessageBoxOf(contactId: string) {
  const started = Date.now();
  const attempt = () => {
    const box = document.querySelector<HTMLTextAreaElement>(
      `[data-open-contact="${contactId}"] textarea[aria-label="Message"]`,
    );
    if (box && !document.querySelector('[role="dialog"]')) box.focus();
    else if (Date.now() - started < 3_000) window.setTimeout(attempt, 50);
  };
  window.setTimeout(attempt, 0);
}

// Loaded on first use, so the chats screen does not download them (nor React Aria's list and
// autocomplete) until a key asks for them.
const JumpPalette = lazy(() => import('./JumpPalette').then((m) => ({ default: m.JumpPalette })));
const ShortcutSheet = lazy(() => import('./ShortcutSheet').then((m) => ({ default: m.ShortcutSheet })));

type InboxShortcutsProps = {
  /** The list on screen (a tab or the Archived view): Alt+↑/↓ walk its rows. */
  tab: ContactListView;
  contactId: string | null;
  onSelect: (contactId: string) => void;
  /** Opens a chat from the palette, switching to the tab it is in. */
  onJump: (contactId: string, tab: InboxTab) => void;
};

/**
 * The inbox's keyboard layer (issue 20): Ctrl/⌘+K jumps to a chat, `?` lists the shortcuts, Alt+↑/↓
 * walk the list on screen, and the tab title counts the unread chats.
 */
export function InboxShortcuts({ tab, contactId, onSelect, onJump }: InboxShortcutsProps) {
  const client = useQueryClient();
  const [open, setOpen] = useState<'palette' | 'sheet' | null>(null);
  // The chat the last step went to: a second Alt+↑ pressed before the screen has caught up with the
  // first (the URL changes at once, the render follows) steps on from there, not from the old chat.
  const current = useRef(contactId);
  const rendered = useRef(contactId);
  if (rendered.current !== contactId) {
    rendered.current = contactId;
    current.current = contactId;
  }
  useUnreadTitle();
  useInboxShortcuts((shortcut) => {
    if (shortcut === 'palette' || shortcut === 'sheet') {
      setOpen(shortcut);
      return;
    }
    const next = neighbourId(visibleListContacts(client, tab), current.current, shortcut === 'next' ? 1 : -1);
    if (!next) return;
    current.current = next;
    onSelect(next);
  });
  const close = () => setOpen(null);
  return (
    <Suspense fallback={null}>
      {open === 'palette' && (
        <JumpPalette
          isOpen
          onClose={close}
          onOpen={(id, to) => {
            onJump(id, to);
            focusMessageBoxOf(id);
          }}
        />
      )}
      {open === 'sheet' && <ShortcutSheet isOpen onClose={close} />}
    </Suspense>
  );
}
