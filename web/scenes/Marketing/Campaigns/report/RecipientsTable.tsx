import { RECIPIENT_STATUSES, type RecipientStatus } from '@common/api/campaign-sending';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { recipientsCsvUrl, recipientsQuery } from '../../../../api/campaigns';
import { errorMessage } from '../../../../api/client';
import { Alert } from '../../../../components/Alert';
import { Button, buttonClasses } from '../../../../components/Button';
import { Spinner } from '../../../../components/Spinner';
import { inputClasses } from '../../../../components/TextField';
import { useDebouncedValue } from '../../../../hooks/useDebouncedValue';
import { ListSearchField } from '../../../Chats/components/ListSearchField';
import { formatMoment, RECIPIENT_STATUS_LABEL, showPhone } from '../format';

const TONE: Record<RecipientStatus, string> = {
  queued: 'bg-slate-100 text-slate-700',
  sending: 'bg-slate-100 text-slate-700',
  sent: 'bg-sky-50 text-sky-800',
  delivered: 'bg-sky-50 text-sky-800',
  read: 'bg-ink-50 text-ink-800',
  replied: 'bg-brand-50 text-brand-800',
  failed: 'bg-red-50 text-red-700',
  skipped: 'bg-amber-50 text-amber-800',
};

/** Every recipient with status, time and error in words; filter by status, search, "Load more". */
export function RecipientsTable({
  campaignId,
  timeZone,
  actions,
}: {
  campaignId: string;
  timeZone: string;
  actions: ReactNode;
}) {
  const [status, setStatus] = useState<RecipientStatus | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const query = useInfiniteQuery(recipientsQuery(campaignId, { status, q }));
  const rows = query.data?.pages.flatMap((p) => p.recipients) ?? [];

  return (
    <section
      aria-labelledby="recipients-title"
      className="rounded-2xl bg-white ring-1 ring-slate-200"
      data-testid="campaign-recipients"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 sm:px-5">
        <h3 id="recipients-title" className="text-sm font-semibold text-slate-900">
          Recipients
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          {/* Every teammate who sees the report may download it (the server audits each download). */}
          <a
            href={recipientsCsvUrl(campaignId, { status, q })}
            download
            className={buttonClasses('secondary', 'sm')}
          >
            <DownloadIcon className="size-4" aria-hidden="true" />
            Export CSV
          </a>
          {actions}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-4 sm:px-5">
        <div className="w-full sm:w-auto sm:min-w-56 sm:flex-1">
          <ListSearchField
            value={search}
            onChange={setSearch}
            placeholder="Search by name or phone"
            label="Search recipients"
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span className="shrink-0">Status</span>
          <select
            className={`${inputClasses()} !py-1.5`}
            value={status ?? ''}
            onChange={(event) => setStatus((event.target.value || null) as RecipientStatus | null)}
          >
            <option value="">All</option>
            {RECIPIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RECIPIENT_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading recipients" />
        </div>
      ) : query.isError ? (
        <div className="p-4 sm:px-5">
          <Alert>
            <p>{errorMessage(query.error, 'The recipients could not be loaded.')}</p>
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </Alert>
        </div>
      ) : rows.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-600">
          {status || q ? 'No recipient matches.' : 'Recipients appear here once sending starts.'}
        </p>
      ) : (
        <table className="w-full table-fixed text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium sm:px-5">
                Recipient
              </th>
              <th scope="col" className="w-28 px-2 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="hidden w-44 px-2 py-2 font-medium md:table-cell">
                Time
              </th>
              <th scope="col" className="hidden px-2 py-2 font-medium sm:table-cell">
                Error
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.contactId} data-testid="recipient-row" data-status={r.status}>
                <td className="px-4 py-2.5 align-top sm:px-5">
                  <p className="truncate font-medium text-slate-900">{r.name || showPhone(r.phone)}</p>
                  {r.name && <p className="truncate text-xs text-slate-600">{showPhone(r.phone)}</p>}
                  {r.error && <p className="mt-0.5 text-xs text-red-700 sm:hidden">{r.error}</p>}
                </td>
                <td className="px-2 py-2.5 align-top">
                  <span
                    className={`inline-flex rounded-full px-2 py-0.5 text-[11px] font-medium ${TONE[r.status]}`}
                  >
                    {RECIPIENT_STATUS_LABEL[r.status]}
                  </span>
                </td>
                <td className="hidden px-2 py-2.5 align-top text-slate-700 md:table-cell">
                  {formatMoment(r.at, timeZone)}
                </td>
                <td
                  className="hidden px-2 py-2.5 align-top text-slate-700 sm:table-cell"
                  data-testid="recipient-error"
                >
                  {r.error ? (
                    <>
                      {r.error}
                      {r.errorCode !== null && <span className="text-slate-600"> ({r.errorCode})</span>}
                    </>
                  ) : (
                    <span className="text-slate-500">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {query.hasNextPage && (
        <div className="flex justify-center border-t border-slate-100 p-3">
          <Button
            variant="secondary"
            size="sm"
            isLoading={query.isFetchingNextPage}
            loadingText="Loading…"
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </section>
  );
}
