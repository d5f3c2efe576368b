import { DEFAULT_CONTACT_TABLE_COLUMNS } from '@common/api/contact-table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookmarkPlusIcon, BookUserIcon, MessageCircleIcon, SearchXIcon, UserPlusIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { exportContacts } from '../../api/contactBulk';
import { contactFieldsQuery } from '../../api/contactFields';
import { columnsQuery, filterJson } from '../../api/contactTable';
import { crmKeys } from '../../api/crmKeys';
import { createSegment } from '../../api/segments';
import { Alert } from '../../components/Alert';
import { Button, buttonClasses } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { useServerNow } from '../../hooks/useServerNow';
import { useSession } from '../../hooks/useSession';
import { showToast, Toaster } from '../../ui/Toast';
import { useInboxAbilities } from '../Chats/components/assign/AssignMenu';
import { ContactPanel } from '../Chats/components/ContactPanel/ContactPanel';
import { ListSearchField } from '../Chats/components/ListSearchField';
import { AddContactDialog } from './components/AddContactDialog';
import { BulkBar } from './components/BulkBar';
import { ColumnsMenu } from './components/ColumnsMenu';
import { ContactsHeader } from './components/ContactsHeader';
import { ContactTable } from './components/ContactTable';
import { visibleColumns } from './components/columns';
import { FilterBar } from './components/FilterBar';
import { SegmentNameDialog } from './components/SegmentDialogs';
import { SegmentMenu } from './components/SegmentMenu';
import { isSelected, toggleLoaded, toggleRow } from './selection';
import { useContactsLive } from './useContactsLive';
import { useContactsPage } from './useContactsPage';

/**
 * The Contacts page (issue 14): every contact of the team in a virtualised table over keyset pages,
 * with search, filters that combine, segments, bulk actions and a drawer with the chat's contact
 * panel. The open contact is in the URL (`?contact=<id>`).
 */
export function Contacts() {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openId = params.get('contact');
  const session = useSession().data;
  const meId = session?.user?.id ?? null;
  const isOwner = session?.access.role === 'owner';
  const abilities = useInboxAbilities().data;
  const page = useContactsPage({ canAssignOthers: abilities?.assignToOthers ?? false });
  const chosen = useQuery(columnsQuery).data ?? DEFAULT_CONTACT_TABLE_COLUMNS;
  const fields = useQuery(contactFieldsQuery).data?.fields ?? [];
  const columns = visibleColumns(chosen, fields);
  const now = useServerNow();
  useContactsLive(meId);
  const [adding, setAdding] = useState(false);
  const [savingSegment, setSavingSegment] = useState(false);
  const [exporting, setExporting] = useState(false);

  const open = useCallback(
    (id: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('contact', id);
        else next.delete('contact');
        return next;
      }),
    [setParams],
  );

  const exportFilter = async () => {
    setExporting(true);
    try {
      await exportContacts({ filter: filterJson(page.filter) });
      showToast('Export ready: your download has started.', 'success');
    } catch (error) {
      showToast(errorMessage(error, 'The export failed. Try again.'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const { rowsQuery, rows } = page;
  const nothingAtAll = rowsQuery.isSuccess && rows.length === 0 && !page.filtered;
  const nothingMatches =
    rowsQuery.isSuccess && rows.length === 0 && page.filtered && !rowsQuery.isPlaceholderData;

  return (
    <div className="relative flex h-full min-h-0 flex-col bg-white">
      <ContactsHeader
        isOwner={isOwner}
        count={page.total}
        filtered={page.filtered}
        exporting={exporting}
        onAdd={() => setAdding(true)}
        onExport={() => void exportFilter()}
      />
      <div className="space-y-3 border-b border-slate-200 px-5 py-3 sm:px-8">
        <div className="flex flex-wrap items-center gap-2">
          <SegmentMenu activeId={page.activeSegmentId} onPick={page.applySegment} />
          <div className="order-first flex w-full sm:order-none sm:w-auto sm:min-w-48 sm:flex-1">
            <ListSearchField
              value={page.search}
              onChange={page.setSearch}
              placeholder="Search by name or phone"
              label="Search contacts"
            />
          </div>
          <div className="ml-auto">
            <ColumnsMenu />
          </div>
        </div>
        <div
          className="flex items-center gap-2 overflow-x-auto pb-0.5 sm:flex-wrap sm:overflow-visible"
          data-testid="filter-bar"
        >
          <FilterBar filter={page.filter} onChange={page.change} />
          {page.filtered && (
            <div className="flex shrink-0 items-center gap-1">
              {page.activeSegmentId === null && (
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<BookmarkPlusIcon aria-hidden="true" className="size-4" />}
                  onClick={() => setSavingSegment(true)}
                >
                  Save as segment
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={page.clearFilters}>
                Clear filters
              </Button>
            </div>
          )}
        </div>
      </div>
      {(page.selection.mode === 'all' || page.selection.ids.size > 0) && (
        <div className="space-y-2 border-b border-slate-200 px-5 py-2 sm:px-8">
          <BulkBar
            count={page.count}
            target={page.target}
            isOwner={isOwner}
            assignees={page.assignees}
            onClear={() => page.setSelection({ mode: 'ids', ids: new Set() })}
          />
          {page.offerAll && (
            <p className="text-[13px] text-slate-700" data-testid="select-all-banner">
              All {page.loadedIds.length.toLocaleString()} contacts on screen are selected.{' '}
              <button
                type="button"
                className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                onClick={() => page.setSelection({ mode: 'all' })}
              >
                Select all {(page.total ?? 0).toLocaleString()} matching this filter
              </button>
            </p>
          )}
          {page.selection.mode === 'all' && (
            <p className="text-[13px] text-slate-700" data-testid="select-all-banner">
              All {(page.total ?? 0).toLocaleString()} contacts matching this filter are selected.
            </p>
          )}
        </div>
      )}
      {/* Not positioned: below xl the drawer covers the whole page, at xl it sits beside the table. */}
      <div className="flex min-h-0 flex-1">
        <div
          className={`flex min-w-0 flex-1 flex-col transition-opacity ${rowsQuery.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {rowsQuery.isPending ? (
            <TableSkeleton />
          ) : rowsQuery.isError ? (
            <div className="p-8">
              <Alert testId="contacts-error">
                <p>{errorMessage(rowsQuery.error, 'Contacts could not be loaded.')}</p>
                <Button
                  size="sm"
                  variant="secondary"
                  className="mt-2"
                  onClick={() => void rowsQuery.refetch()}
                >
                  Try Again
                </Button>
              </Alert>
            </div>
          ) : nothingAtAll ? (
            <EmptyState
              icon={<BookUserIcon className="size-7" />}
              title="No contacts yet"
              description="Everyone who messages your WhatsApp number appears here. Add a contact by hand, or import a CSV of your customers."
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <Button
                    variant="brand"
                    icon={<UserPlusIcon aria-hidden="true" className="size-4" />}
                    onClick={() => setAdding(true)}
                  >
                    Add contact
                  </Button>
                  {isOwner && (
                    <Link to="/app/contacts/import" className={buttonClasses('secondary')}>
                      Import CSV
                    </Link>
                  )}
                </div>
              }
            />
          ) : nothingMatches ? (
            <EmptyState
              icon={<SearchXIcon className="size-7" />}
              title="No contacts match"
              description="Try another name or number, or loosen the filters."
              action={
                <Button variant="secondary" onClick={page.clearFilters}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <ContactTable
              rows={rows}
              total={page.total}
              columns={columns}
              sort={page.sort}
              onSort={page.setSort}
              hasMore={Boolean(rowsQuery.hasNextPage)}
              isFetchingMore={rowsQuery.isFetchingNextPage}
              onLoadMore={() => void rowsQuery.fetchNextPage()}
              now={now}
              openId={openId}
              onOpen={open}
              isRowSelected={(id) => isSelected(page.selection, id)}
              onToggleRow={(id) => page.setSelection((s) => toggleRow(s, id, page.loadedIds))}
              headerBox={page.headerBox}
              onToggleHeader={() => page.setSelection((s) => toggleLoaded(s, page.loadedIds))}
            />
          )}
        </div>
        {openId && (
          <ContactPanel
            key={openId}
            contactId={openId}
            meId={meId}
            onClose={() => {
              open(null);
              // Back to the row the drawer was opened from (keyboard users carry on from there).
              requestAnimationFrame(() =>
                document.querySelector<HTMLElement>(`[data-contact-id="${CSS.escape(openId)}"]`)?.focus(),
              );
            }}
            onDeleted={() => {
              open(null);
              void client.invalidateQueries({ queryKey: crmKeys.table });
            }}
            headerActions={
              <Link
                to={`/app/chats?contact=${encodeURIComponent(openId)}`}
                className={buttonClasses('secondary', 'sm')}
              >
                <MessageCircleIcon aria-hidden="true" className="size-4 text-slate-500" />
                Open chat
              </Link>
            }
          />
        )}
      </div>
      <AddContactDialog isOpen={adding} onClose={() => setAdding(false)} onOpenContact={open} />
      <SegmentNameDialog
        isOpen={savingSegment}
        title="Save as segment"
        description="Your team sees it in the segments list with a live count; campaigns can send to it."
        submitLabel="Save segment"
        onClose={() => setSavingSegment(false)}
        onSubmit={async (name) => {
          await createSegment(client, name, filterJson(page.filter));
          showToast(`Segment “${name}” saved.`, 'success');
        }}
      />
      <Toaster />
    </div>
  );
}

function TableSkeleton() {
  return (
    <div className="space-y-px p-3" aria-hidden="true">
      {[1, 0.85, 0.7, 0.55, 0.4, 0.25].map((opacity) => (
        <div key={opacity} className="flex items-center gap-4 px-3 py-3" style={{ opacity }}>
          <div className="size-4 animate-pulse rounded bg-slate-100" />
          <div className="size-8 animate-pulse rounded-full bg-slate-100" />
          <div className="h-2.5 w-40 animate-pulse rounded-full bg-slate-100" />
          <div className="h-2.5 w-28 animate-pulse rounded-full bg-slate-100/80" />
          <div className="h-2.5 w-24 animate-pulse rounded-full bg-slate-100/70" />
        </div>
      ))}
    </div>
  );
}
