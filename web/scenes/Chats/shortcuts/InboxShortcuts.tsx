import type { InboxTab } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { neighbourId, visibleListContacts } from './inboxCache';
import { JumpPalette } from './JumpPalette';
import { ShortcutSheet } from './ShortcutSheet';
import { useInboxShortcuts } from './useInboxShortcuts';
import { useUnreadTitle } from './useUnreadTitle';

type InboxShortcutsProps = {
  tab: InboxTab;
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
  useUnreadTitle();
  useInboxShortcuts((shortcut) => {
    if (shortcut === 'palette' || shortcut === 'sheet') {
      setOpen(shortcut);
      return;
    }
    const next = neighbourId(visibleListContacts(client, tab), contactId, shortcut === 'next' ? 1 : -1);
    if (next) onSelect(next);
  });
  const close = () => setOpen(null);
  return (
    <>
      <JumpPalette isOpen={open === 'palette'} onClose={close} onOpen={onJump} />
      <ShortcutSheet isOpen={open === 'sheet'} onClose={close} />
    </>
  );
}
