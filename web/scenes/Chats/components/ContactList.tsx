import type { ContactListView } from '@common/api/inbox';
import { INBOX_MSG } from '@common/api/inbox';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { InboxIcon } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { contactsQuery, type InboxFilter } from '../../../api/inbox';
import { sessionQuery } from '../../../api/session';
import { Spinner } from '../../../components/Spinner';
import { COPY } from '../../../copy';
import { ContactRow, ROW_HEIGHT, rowHeight } from './ContactRow';

/** Fetch the next page when this few rows are left below the viewport. */
const PREFETCH_ROWS = 10;

const EMPTY: Record<ContactListView, string> = {
  unassigned: INBOX_MSG.emptyUnassigned,
  mine: INBOX_MSG.emptyMine,
  team: INBOX_MSG.emptyTeam,
  archived: 'No archived chats',
};

/** Selection mode: which rows are ticked and how a row is ticked. */
export type ListSelection = { ids: ReadonlySet<string>; onToggle: (contactId: string) => void };

type ContactListProps = {
  tab: ContactListView;
  filter: InboxFilter;
  selectedId: string | null;
  now: number;
  onSelect: (contactId: string) => void;
  selection?: ListSelection | null;
};

function SkeletonRows() {
  return (
    <div className="space-y-1 p-2" aria-hidden="true">
      {[1, 0.85, 0.7, 0.55, 0.4, 0.25].map((opacity) => (
        <div key={opacity} className="flex items-center gap-3 rounded-lg px-2 py-3" style={{ opacity }}>
          <div className="size-11 shrink-0 animate-pulse rounded-full bg-slate-100" />
          <div className="flex-1 space-y-2">
            <div className="h-2.5 w-2/5 animate-pulse rounded-full bg-slate-100" />
            <div className="h-2.5 w-4/5 animate-pulse rounded-full bg-slate-100/80" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * One tab of contacts (or the Archived view), newest message first: a virtual list (only the rows in view are in the DOM)
 * over keyset pages fetched as the reader scrolls, so it stays quick at 100,000 contacts.
 */
export function ContactList({ tab, filter, selectedId, now, onSelect, selection = null }: ContactListProps) {
  const query = useInfiniteQuery(contactsQuery(tab, filter));
  const session = useQuery(sessionQuery).data;
  const sandbox = session?.features.sandbox ?? false;
  const meId = session?.user?.id ?? null;
  const scrollRef = useRef<HTMLDivElement>(null);
  const contacts = useMemo(() => query.data?.pages.flatMap((p) => p.contacts) ?? [], [query.data]);
  const hasMore = Boolean(query.hasNextPage);

  const virtualizer = useVirtualizer({
    count: contacts.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    // Rows with tags are taller; the key function is new on every render, so sizes follow the data.
    estimateSize: (index) => (index < contacts.length ? rowHeight(contacts[index]) : ROW_HEIGHT),
    overscan: 8,
    getItemKey: (index) => contacts[index]?.id ?? 'loader',
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows.at(-1)?.index ?? -1;

  const { fetchNextPage, isFetchingNextPage } = query;
  useEffect(() => {
    if (hasMore && !isFetchingNextPage && lastIndex >= contacts.length - PREFETCH_ROWS) void fetchNextPage();
  }, [hasMore, isFetchingNextPage, lastIndex, contacts.length, fetchNextPage]);

  if (query.isPending) return <SkeletonRows />;

  if (query.isError) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
        <p className="text-sm text-red-600" role="alert">
          {COPY.failedToLoadContacts}
        </p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="h-8 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {COPY.tryAgain}
        </button>
      </div>
    );
  }

  if (contacts.length === 0) {
    const filtered = filter.q.trim() !== '' || filter.tagIds.length > 0;
    return (
      <div
        className="flex flex-1 flex-col items-center justify-center px-8 text-center"
        data-testid="contact-list-empty"
      >
        <span className="flex size-12 items-center justify-center rounded-2xl bg-slate-50 text-slate-400 ring-1 ring-slate-200">
          <InboxIcon className="size-6" />
        </span>
        <p className="mt-4 text-sm font-medium text-slate-700">
          {filtered ? 'No contacts match your search' : EMPTY[tab]}
        </p>
        {filtered && (
          <p className="mt-1 text-xs text-slate-600">Try another name or number, or clear the filters.</p>
        )}
        {!filtered && sandbox && tab === 'unassigned' && (
          <p className="mt-2 max-w-xs text-xs leading-5 text-slate-600" data-testid="sandbox-hint">
            Your first customer is a click away: open the{' '}
            <Link to="/sandbox" className="font-medium text-ink-700 underline underline-offset-2">
              sandbox phone
            </Link>{' '}
            and write to your business as a customer — the message arrives here.
          </p>
        )}
      </div>
    );
  }

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="contact-scroller">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((row) => {
          const contact = contacts[row.index];
          return (
            <div
              key={row.key}
              className="absolute top-0 left-0 w-full"
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
            >
              {contact ? (
                <ContactRow
                  contact={contact}
                  isSelected={contact.id === selectedId}
                  now={now}
                  meId={meId}
                  onSelect={onSelect}
                  selectMode={selection !== null}
                  checked={selection?.ids.has(contact.id) ?? false}
                  onToggleSelect={selection?.onToggle}
                />
              ) : (
                <div className="flex h-full items-center justify-center">
                  <Spinner className="size-4 text-slate-400" label="Loading more contacts" />
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
