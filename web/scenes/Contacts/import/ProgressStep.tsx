import type { ContactImport } from '@common/api/contact-imports';
import { useQuery } from '@tanstack/react-query';
import { CircleCheckIcon, DownloadIcon } from 'lucide-react';
import { Link } from 'react-router';
import { failedRowsUrl, importQuery } from '../../../api/contactImports';
import { Alert } from '../../../components/Alert';
import { buttonClasses } from '../../../components/Button';
import { formatCount } from './mapping';

/** Steps 3 and 4: the progress bar while the job runs (live frames), then the summary. */
export function ProgressStep({ initial }: { initial: ContactImport }) {
  const query = useQuery({ ...importQuery(initial.id), initialData: { import: initial } });
  const row = query.data.import;
  const done = row.status === 'completed' || row.status === 'failed';
  const percent = row.totalRows ? Math.round((row.rowsDone / row.totalRows) * 100) : 0;

  return (
    <section
      className="space-y-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200"
      aria-labelledby="import-progress-title"
    >
      <div className="flex items-start gap-3">
        {row.status === 'completed' && (
          <CircleCheckIcon className="mt-0.5 size-6 text-brand-600" aria-hidden="true" />
        )}
        <div>
          <h2 id="import-progress-title" className="text-base font-semibold text-slate-900">
            {row.status === 'completed'
              ? 'Import finished'
              : row.status === 'failed'
                ? 'Import stopped'
                : row.status === 'queued'
                  ? 'Waiting to start…'
                  : `Importing ${row.fileName}…`}
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            {done
              ? `${row.fileName}: ${formatCount(row.totalRows)} rows read.`
              : 'You can leave this page; the import goes on and the contacts appear as it runs.'}
          </p>
        </div>
      </div>

      <div>
        <div
          role="progressbar"
          aria-label="Rows imported"
          aria-valuemin={0}
          aria-valuemax={row.totalRows}
          aria-valuenow={row.rowsDone}
          aria-valuetext={`${formatCount(row.rowsDone)} of ${formatCount(row.totalRows)} rows`}
          className="h-2.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-brand-500 transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="mt-2 text-sm text-slate-600 tabular-nums" data-testid="import-progress-text">
          {formatCount(row.rowsDone)} of {formatCount(row.totalRows)} rows
        </p>
      </div>

      {row.status === 'failed' && row.error && <Alert>{row.error}</Alert>}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-summary">
        {(
          [
            ['Created', row.created],
            ['Updated', row.updated],
            ['Skipped', row.skipped],
            ['Failed', row.failed],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>

      {done && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {row.failed > 0 && (
            <a href={failedRowsUrl(row.id)} download className={buttonClasses('secondary')}>
              <DownloadIcon className="size-4" aria-hidden="true" />
              Download failed rows
            </a>
          )}
          <Link to="/app/contacts" className={buttonClasses('brand')}>
            Back to contacts
          </Link>
        </div>
      )}
    </section>
  );
}
