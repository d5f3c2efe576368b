import { ArchiveIcon, ArrowLeftIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { InboxFilter } from '../../../api/inbox';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { ContactList } from './ContactList';
import { ListSearchField } from './ListSearchField';

/**
 * The Archived view of the chat list (`?tab=archived`): the archived chats, newest first, found by
 * name or number, each opening its chat (where 'Unarchive' brings it back). The entry button sits in
 * the list's header; the view replaces the tabs until 'Back to chats'.
 */

export const ARCHIVED_TEXT = {
  entry: 'Archived',
  title: 'Archived',
  back: 'Back to chats',
  search: 'Search archived chats',
  hint: 'Archived chats return to the inbox when the customer writes again.',
} as const;

/** Where focus goes when the list swaps views (the control that was clicked is gone). */
let focusOnSwap: 'view' | 'entry' | null = null;

/** 'Archived' next to the list's title: opens the Archived view. */
export function ArchivedEntry({ onOpen }: { onOpen: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnSwap !== 'entry') return;
    focusOnSwap = null;
    ref.current?.focus();
  }, []);
  return (
    <button
      ref={ref}
      type="button"
      onClick={() => {
        focusOnSwap = 'view';
        onOpen();
      }}
      data-testid="archived-entry"
      className="mr-1 ml-auto flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-[13px] font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
    >
      <ArchiveIcon className="size-4" aria-hidden="true" />
      {ARCHIVED_TEXT.entry}
    </button>
  );
}

type ArchivedPanelProps = {
  selectedId: string | null;
  onSelect: (contactId: string) => void;
  onBack: () => void;
  now: number;
};

/** The 400 px column in the Archived view: back, search, and the archived chats. */
export function ArchivedPanel({ selectedId, onSelect, onBack, now }: ArchivedPanelProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const filter = useMemo<InboxFilter>(() => ({ q, tagIds: [] }), [q]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnSwap !== 'view') return;
    focusOnSwap = null;
    heading.current?.focus();
  }, []);

  return (
    <aside
      aria-label="Archived chats"
      data-testid="archived-list"
      className={`${selectedId ? 'hidden md:flex' : 'flex'} w-full shrink-0 flex-col border-r border-slate-200 bg-white md:w-[400px]`}
    >
      <div className="px-4 pt-4">
        <div className="flex h-8 items-center gap-2">
          <button
            type="button"
            onClick={() => {
              focusOnSwap = 'entry';
              onBack();
            }}
            aria-label={ARCHIVED_TEXT.back}
            title={ARCHIVED_TEXT.back}
            className="-ml-1.5 flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <ArrowLeftIcon className="size-5" aria-hidden="true" />
          </button>
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold tracking-tight text-slate-900 outline-none"
          >
            {ARCHIVED_TEXT.title}
          </h1>
        </div>
        <div className="mt-3 flex">
          <ListSearchField
            value={search}
            onChange={setSearch}
            placeholder={ARCHIVED_TEXT.search}
            label={ARCHIVED_TEXT.search}
          />
        </div>
        <p className="mt-2 mb-2 text-xs text-slate-600">{ARCHIVED_TEXT.hint}</p>
      </div>
      <div className="flex min-h-0 flex-1 flex-col border-t border-slate-200">
        <ContactList tab="archived" filter={filter} selectedId={selectedId} now={now} onSelect={onSelect} />
      </div>
    </aside>
  );
}
