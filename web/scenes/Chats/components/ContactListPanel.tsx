import type { InboxTab } from '@common/api/inbox';
import { INBOX_MSG } from '@common/api/inbox';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { countsQuery, type InboxFilter } from '../../../api/inbox';
import { CloseIcon, SearchIcon } from '../../../components/Icons';
import { COPY } from '../../../copy';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { ContactList } from './ContactList';
import { NotificationPrompt } from './NotificationPrompt';
import { TagFilter } from './TagFilter';

const TAB_LABELS: Record<InboxTab, string> = {
  unassigned: COPY.tabUnassigned,
  mine: COPY.tabMine,
  team: COPY.tabTeam,
};

const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Tab counts: exact up to 9,999, then '12K', '100K' (the tab's name says the exact number). */
function formatCount(count: number): string {
  return count < 10_000 ? count.toLocaleString('en') : COMPACT.format(count);
}

type ContactListPanelProps = {
  tab: InboxTab;
  onTabChange: (tab: InboxTab) => void;
  selectedId: string | null;
  onSelect: (contactId: string) => void;
  now: number;
};

/** The 400 px contact column: search, tag filter, the three tabs with counts, and the list. */
export function ContactListPanel({ tab, onTabChange, selectedId, onSelect, now }: ContactListPanelProps) {
  const [search, setSearch] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const q = useDebouncedValue(search.trim(), 300);
  const filter = useMemo<InboxFilter>(() => ({ q, tagIds }), [q, tagIds]);
  const counts = useQuery({ ...countsQuery(filter), placeholderData: (previous) => previous });
  const viewTeam = counts.data?.abilities.viewTeam ?? false;
  const tabs: InboxTab[] = viewTeam ? ['unassigned', 'mine', 'team'] : ['unassigned', 'mine'];

  // The team tab is only for a team-wide view; fall back when the server says there is none.
  useEffect(() => {
    if (tab === 'team' && counts.data && !viewTeam) onTabChange('unassigned');
  }, [tab, counts.data, viewTeam, onTabChange]);

  return (
    <aside
      aria-label="Contacts"
      data-testid="contact-list"
      className={`${selectedId ? 'hidden md:flex' : 'flex'} w-full shrink-0 flex-col border-r border-slate-200 bg-white md:w-[400px]`}
    >
      <div className="px-4 pt-4">
        <div className="flex items-center justify-between">
          <h1 className="text-lg font-semibold tracking-tight text-slate-900">Chats</h1>
        </div>
        <div className="mt-3 flex items-center gap-2">
          <div className="relative flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setSearch('');
              }}
              placeholder={INBOX_MSG.searchPlaceholder}
              aria-label="Search contacts"
              className="h-9 w-full rounded-lg bg-slate-100 pr-9 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:bg-white focus:ring-2 focus:ring-brand-500/40 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
            />
            {search && (
              <button
                type="button"
                onClick={() => setSearch('')}
                aria-label="Clear search"
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-600"
              >
                <CloseIcon className="size-3.5" />
              </button>
            )}
          </div>
          <TagFilter selected={tagIds} onChange={setTagIds} />
        </div>
      </div>
      <NotificationPrompt />
      <div
        role="tablist"
        aria-label="Contact tabs"
        className="mt-2 flex gap-1 border-b border-slate-200 px-3"
      >
        {tabs.map((id) => {
          const count = counts.data ? counts.data[id] : null;
          const selected = tab === id;
          return (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-label={`${TAB_LABELS[id]} (${count ?? '…'})`}
              onClick={() => onTabChange(id)}
              className={`-mb-px flex flex-auto items-center justify-center gap-1 border-b-2 px-1 pt-2 pb-2.5 text-[12.5px] font-medium whitespace-nowrap transition-colors ${
                selected
                  ? 'border-brand-600 text-slate-900'
                  : 'border-transparent text-slate-500 hover:text-slate-800'
              }`}
            >
              {TAB_LABELS[id]}{' '}
              <span
                className={`rounded-full px-1.5 py-px text-[10.5px] font-semibold tabular-nums ${selected ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-500'}`}
              >
                {count === null ? '…' : formatCount(count)}
              </span>
            </button>
          );
        })}
      </div>
      <ContactList tab={tab} filter={filter} selectedId={selectedId} now={now} onSelect={onSelect} />
    </aside>
  );
}
