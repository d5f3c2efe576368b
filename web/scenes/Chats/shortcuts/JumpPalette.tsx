import { INBOX_MSG, type InboxTab } from '@common/api/inbox';
import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Autocomplete, Input, ListBox, ListBoxItem, SearchField } from 'react-aria-components';
import { Avatar } from '../../../components/Avatar';
import { Spinner } from '../../../components/Spinner';
import { COPY } from '../../../copy';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { Dialog } from '../../../ui/Dialog';
import { type JumpResult, useJumpResults } from './useJumpResults';

/** Partial: a tab added later (an archive) shows without a label until it is named here. */
const TAB_LABELS: Partial<Record<InboxTab, string>> = {
  unassigned: COPY.tabUnassigned,
  mine: COPY.tabMine,
  team: COPY.tabTeam,
};

type JumpPaletteProps = {
  isOpen: boolean;
  onClose: () => void;
  /** Opens the chat (and the tab it is in). */
  onOpen: (contactId: string, tab: InboxTab) => void;
};

function ResultRow({ result }: { result: JumpResult }) {
  const { contact, tab } = result;
  const name = contact.name || INBOX_MSG.unknownName;
  return (
    <>
      <Avatar id={contact.id} name={contact.name} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
        <span className="block truncate text-xs text-slate-500">
          {contact.phone}
          {TAB_LABELS[tab] ? ` · ${TAB_LABELS[tab]}` : ''}
        </span>
      </span>
      {contact.unreadCount > 0 && (
        <span className="shrink-0 rounded-full bg-brand-600 px-1.5 py-px text-[11px] font-semibold text-white">
          {contact.unreadCount > 99 ? '99+' : contact.unreadCount}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </>
  );
}

function PaletteBody({ onOpen, onClose }: Omit<JumpPaletteProps, 'isOpen'>) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 150);
  const { results, isPending } = useJumpResults(q);
  const open = (id: string) => {
    const found = results.find((r) => r.contact.id === id);
    if (!found) return;
    onClose();
    onOpen(found.contact.id, found.tab);
  };
  return (
    <Autocomplete inputValue={text} onInputChange={setText}>
      <SearchField aria-label="Name or phone number" className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <Input
          autoFocus
          placeholder="Name or phone number"
          className="h-10 w-full rounded-lg bg-slate-100 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:bg-white focus:ring-2 focus:ring-brand-500/40 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
      </SearchField>
      <ListBox
        aria-label="Conversations"
        items={results}
        dependencies={[results]}
        onAction={(key) => open(String(key))}
        className="mt-3 max-h-[min(360px,50vh)] overflow-y-auto outline-none"
        data-testid="jump-results"
        renderEmptyState={() =>
          isPending ? (
            <div className="flex justify-center p-4">
              <Spinner className="size-5 text-slate-400" label="Searching chats" />
            </div>
          ) : (
            <p className="p-4 text-center text-sm text-slate-500">No chats found</p>
          )
        }
      >
        {(result) => (
          <ListBoxItem
            id={result.contact.id}
            textValue={result.contact.name || INBOX_MSG.unknownName}
            className="flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 outline-none data-[focused]:bg-slate-100 data-[hovered]:bg-slate-50"
          >
            <ResultRow result={result} />
          </ListBoxItem>
        )}
      </ListBox>
    </Autocomplete>
  );
}

/** Ctrl+K / ⌘K: find a chat by name or phone number and open it, all from the keyboard. */
export function JumpPalette({ isOpen, onClose, onOpen }: JumpPaletteProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Jump to conversation"
      widthClass="max-w-lg"
      testId="jump-palette"
    >
      <PaletteBody onOpen={onOpen} onClose={onClose} />
    </Dialog>
  );
}
