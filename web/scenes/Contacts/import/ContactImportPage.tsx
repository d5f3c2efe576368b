import type { ContactImport, CreateImportResponse } from '@common/api/contact-imports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { importFieldsQuery, importQuery } from '../../../api/contactImports';
import { crmKeys } from '../../../api/crmKeys';
import { crmAppliers } from '../../../api/crmLive';
import { tagsQuery } from '../../../api/inboxKeys';
import { connectLive } from '../../../api/live';
import { sessionQuery } from '../../../api/session';
import { Alert } from '../../../components/Alert';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { MappingStep } from './MappingStep';
import { ProgressStep } from './ProgressStep';
import { UploadStep } from './UploadStep';

const STEPS = ['Upload', 'Map columns', 'Import'] as const;

/** Progress frames of imports go into the query cache while this page is open. */
function useImportLive() {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const live = connectLive({
      onEvent: (frame) => {
        if (frame.event === 'contact_import.progress')
          crmAppliers['contact_import.progress']({ client }, frame.data);
      },
      onResync: () => void client.invalidateQueries({ queryKey: crmKeys.imports }),
    });
    return () => live.close();
  }, [client]);
}

function StepList({ current }: { current: number }) {
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label="Import steps">
      {STEPS.map((label, i) => (
        <li key={label} className="flex items-center gap-2" aria-current={i === current ? 'step' : undefined}>
          <span
            className={`flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
              i <= current ? 'bg-ink-900 text-white' : 'bg-slate-200 text-slate-700'
            }`}
          >
            {i + 1}
          </span>
          <span className={i === current ? 'font-medium text-slate-900' : 'text-slate-600'}>{label}</span>
          {i < STEPS.length - 1 && <span className="mx-1 h-px w-6 bg-slate-300" aria-hidden="true" />}
        </li>
      ))}
    </ol>
  );
}

/** /app/contacts/import (owners): upload → mapping → progress → summary. `?import=<id>` resumes. */
export function ContactImportPage() {
  const session = useQuery(sessionQuery);
  const isOwner = session.data?.access.role === 'owner';
  const [params, setParams] = useSearchParams();
  const importId = params.get('import');
  const [uploaded, setUploaded] = useState<CreateImportResponse | null>(null);
  const [started, setStarted] = useState<ContactImport | null>(null);
  const fields = useQuery({ ...importFieldsQuery, enabled: isOwner });
  const tags = useQuery({ ...tagsQuery, enabled: isOwner });
  const followed = useQuery({ ...importQuery(importId ?? ''), enabled: isOwner && !!importId && !started });
  useImportLive();

  const reset = () => {
    setUploaded(null);
    setStarted(null);
    setParams({});
  };
  const resumed = followed.data?.import;
  const running = started ?? (resumed && resumed.status !== 'mapping' ? resumed : null);
  const step = running ? 2 : uploaded ? 1 : 0;

  let body: React.ReactNode;
  if (session.isPending) body = <Spinner label="Loading" />;
  else if (!isOwner)
    body = (
      <Alert tone="info" testId="import-owners-only">
        Only the team owner can import contacts. Ask your owner to import the file for you.
      </Alert>
    );
  else if (running) body = <ProgressStep initial={running} />;
  else if (uploaded)
    body =
      fields.isPending || tags.isPending ? (
        <Spinner label="Loading fields and tags" />
      ) : (
        <MappingStep
          importRow={uploaded.import}
          preview={uploaded.preview}
          fields={fields.data ?? []}
          tags={tags.data ?? []}
          onCancel={reset}
          onStarted={(row) => {
            setStarted(row);
            setParams({ import: row.id }, { replace: true });
          }}
        />
      );
  else body = <UploadStep onUploaded={setUploaded} />;

  return (
    <div>
      <PageHeader
        title="Import contacts"
        description="Add or update contacts from a CSV file exported from a spreadsheet or another CRM."
        actions={
          <Link
            to="/app/contacts"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-slate-900"
          >
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            Contacts
          </Link>
        }
      />
      <div className="mx-auto max-w-6xl space-y-6 px-5 py-8 sm:px-8">
        {isOwner && <StepList current={step} />}
        {body}
      </div>
    </div>
  );
}
