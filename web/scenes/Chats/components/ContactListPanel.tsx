import type { ContactListView, InboxTab } from '@common/api/inbox';
import { INBOX_MSG } from '@common/api/inbox';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, ListChecksIcon, TagIcon, UserPlusIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { contactsQuery, countsQuery, type InboxFilter } from '../../../api/inbox';
import { COPY } from '../../../copy';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useEscapeKey } from '../../../hooks/useEscapeKey';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu';
import { Popover } from '../../../ui/Popover';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs';
import { ArchivedEntry, ArchivedPanel } from './ArchivedView';
import { ContactList, type ListSelection } from './ContactList';
import { ListSearchField } from './ListSearchField';
import { NotificationPrompt } from './NotificationPrompt';
import { SelectionBar, type SelectionMode } from './SelectionBar';
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
  tab: ContactListView;
  onTabChange: (tab: ContactListView) => void;
  selectedId: string | null;
  onSelect: (contactId: string) => void;
  now: number;
};

/** 'Select' next to the title: enters tag or assignment selection mode. */
function SelectMenu({ onPick }: { onPick: (mode: SelectionMode) => void }) {
  return (
    <MenuTrigger>
      <Button className="flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-[13px] font-medium text-slate-600 outline-none transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500/50 aria-expanded:bg-slate-100 aria-expanded:text-slate-900">
        <ListChecksIcon className="size-4" />
        Select
        <ChevronDownIcon className="size-3.5 text-slate-400" />
      </Button>
      <Popover placement="bottom-end">
        <Menu
          aria-label="Select chats"
          className="w-52"
          onAction={(key) => onPick(key === 'tags' ? 'tags' : 'assign')}
        >
          <MenuItem id="tags" icon={<TagIcon className="size-4" />}>
            Select chats to tag
          </MenuItem>
          <MenuItem id="assign" icon={<UserPlusIcon className="size-4" />}>
            Select chats to assign
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * The 400 px contact column: search, tag filter, the three tabs with counts, and the list; 'Select'
 * turns the list into tag or assignment selection mode (ticks on the rows, a bar with the action).
 */
export function ContactListPanel({ tab, onTabChange, selectedId, onSelect, now }: ContactListPanelProps) {
  const [search, setSearch] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const q = useDebouncedValue(search.trim(), 300);
  const filter = useMemo<InboxFilter>(() => ({ q, tagIds }), [q, tagIds]);
  const counts = useQuery({ ...countsQuery(filter), placeholderData: (previous) => previous });
  const viewTeam = counts.data?.abilities.viewTeam ?? false;
  const tabs: InboxTab[] = viewTeam ? ['unassigned', 'mine', 'team'] : ['unassigned', 'mine'];

  // Selection mode: the ticked ids (kept only while the rows are in the list on screen).
  const [mode, setMode] = useState<SelectionMode | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const list = useInfiniteQuery({ ...contactsQuery(tab, filter), enabled: mode !== null });
  const loaded = useMemo(() => list.data?.pages.flatMap((p) => p.contacts) ?? [], [list.data]);
  const selected = useMemo(() => loaded.filter((c) => picked.has(c.id)), [loaded, picked]);
  const exitSelection = useCallback(() => {
    setMode(null);
    setPicked(new Set());
  }, []);
  const toggle = useCallback(
    (id: string) =>
      setPicked((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const selection = useMemo<ListSelection | null>(
    () => (mode ? { ids: picked, onToggle: toggle } : null),
    [mode, picked, toggle],
  );
  // Another tab shows other contacts: start the selection afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the tab changes
  useEffect(() => setPicked(new Set()), [tab]);
  // Escape leaves selection mode, unless a dialog or a popover has it.
  useEscapeKey(mode !== null, () => {
    if (!document.querySelector('[data-modal], [data-popover]')) exitSelection();
  });

  // The team tab is only for a team-wide view; fall back when the server says there is none.
  useEffect(() => {
    if (tab === 'team' && counts.data && !viewTeam) onTabChange('unassigned');
  }, [tab, counts.data, viewTeam, onTabChange]);

  if (tab === 'archived') {
    const back = () => onTabChange('unassigned');
    return <ArchivedPanel selectedId={selectedId} onSelect={onSelect} onBack={back} now={now} />;
  }

  return (
    <aside
      aria-label="Contacts"
      data-testid="contact-list"
      className={`${selectedId ? 'hidden md:flex' : 'flex'} w-full shrink-0 flex-col border-r border-slate-200 bg-white md:w-[400px]`}
    >
      <div className="px-4 pt-4">
        {mode ? (
          <div className="-mx-1 -my-1">
            <SelectionBar
              mode={mode}
              selected={selected}
              loadedCount={loaded.length}
              onSelectAll={() => setPicked(new Set(loaded.slice(0, 500).map((c) => c.id)))}
              onClearSelection={() => setPicked(new Set())}
              onExit={exitSelection}
            />
          </div>
        ) : (
          <div className="flex h-8 items-center justify-between">
            <h1 className="text-lg font-semibold tracking-tight text-slate-900">Chats</h1>
            <ArchivedEntry onOpen={() => onTabChange('archived')} />
            <SelectMenu onPick={setMode} />
          </div>
        )}
        <div className="mt-3 flex items-center gap-2">
          <ListSearchField
            value={search}
            onChange={setSearch}
            placeholder={INBOX_MSG.searchPlaceholder}
            label="Search contacts"
          />
          <TagFilter selected={tagIds} onChange={setTagIds} />
        </div>
      </div>
      <NotificationPrompt />
      <Tabs selected={tab} onSelect={onTabChange}>
        <TabList label="Contact tabs" className="mt-2 px-3">
          {tabs.map((id) => {
            const count = counts.data ? counts.data[id] : null;
            return (
              <Tab key={id} id={id} label={`${TAB_LABELS[id]} (${count ?? '…'})`}>
                {TAB_LABELS[id]}{' '}
                {/* The count is drawn (not text) so the tab's visible words match its name, which says "(3)". */}
                <span
                  data-count={count === null ? '…' : formatCount(count)}
                  className={`rounded-full px-1.5 py-px text-[10.5px] font-semibold tabular-nums before:content-[attr(data-count)] ${tab === id ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-500'}`}
                />
              </Tab>
            );
          })}
        </TabList>
        <TabPanel id={tab}>
          <ContactList
            tab={tab}
            filter={filter}
            selectedId={selectedId}
            now={now}
            onSelect={onSelect}
            selection={selection}
          />
        </TabPanel>
      </Tabs>
    </aside>
  );
}
