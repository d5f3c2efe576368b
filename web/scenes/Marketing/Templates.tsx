import { TEMPLATE_MSG, type TemplateStatus, type TemplateView } from '@common/api/templates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MegaphoneIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { connectLive } from '../../api/live';
import { TEMPLATES_KEY, templatesQuery } from '../../api/templates';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { TemplatePreview } from '../../components/TemplatePreview';
import { CreateTemplateDialog } from './components/CreateTemplateDialog';

const BADGE: Record<TemplateStatus, string> = {
  approved: 'bg-brand-50 text-brand-800 ring-brand-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
};

export function StatusBadge({ status }: { status: TemplateStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-[11px] font-medium capitalize ring-1 ${BADGE[status]}`}
      data-testid="template-status"
    >
      {status}
    </span>
  );
}

function TemplateCard({ template }: { template: TemplateView }) {
  return (
    <article
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="template-card"
      data-name={template.name}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 truncate text-sm font-semibold text-slate-900" title={template.name}>
          {template.name}
        </h3>
        <StatusBadge status={template.status} />
      </div>
      <p className="text-[11px] tracking-wide text-slate-500 uppercase">
        {template.category} · {template.language}
      </p>
      <TemplatePreview
        header={template.header}
        headerMedia={template.headerSample}
        body={template.body}
        footer={template.footer}
        buttons={template.buttons}
        values={{
          body: template.bodyExamples,
          header: template.headerExample ? [template.headerExample] : [],
        }}
        compact
      />
      {template.status === 'rejected' && template.rejectedReason && (
        <p className="text-xs text-red-700">Rejected: {template.rejectedReason}</p>
      )}
    </article>
  );
}

/** Keeps the grid current: 'template.updated' live events refetch the list without a reload. */
function useTemplateLive() {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const refetch = () => void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
    const live = connectLive({
      onEvent: (frame) => {
        if (frame.event === 'template.updated') refetch();
      },
      onResync: refetch,
    });
    return () => live.close();
  }, [client]);
}

/**
 * The Templates tab (spec §2, §4): a 4-column grid with status, category, language and a WhatsApp
 * preview; re-checks every 30 s while any is pending and applies live status changes; Create template
 * (also opened by ?openCreateModal=true, which is then cleared).
 */
export function Templates() {
  const query = useQuery(templatesQuery);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  useTemplateLive();

  useEffect(() => {
    if (params.get('openCreateModal') === 'true') {
      setCreating(true);
      const next = new URLSearchParams(params);
      next.delete('openCreateModal');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const templates = query.data?.templates ?? [];
  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Message templates</h2>
          <p className="text-sm text-slate-500">
            WhatsApp reviews each template; approved ones can be sent at any time, even outside the 24-hour
            window.
          </p>
        </div>
        <Button variant="brand" onClick={() => setCreating(true)}>
          Create template
        </Button>
      </div>

      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading templates" />
        </div>
      ) : query.isError ? (
        <Alert testId="templates-error">
          <p>{errorMessage(query.error, TEMPLATE_MSG.failedToLoad)}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : templates.length === 0 ? (
        <div className="rounded-2xl bg-white ring-1 ring-slate-200">
          <EmptyState
            icon={<MegaphoneIcon className="size-7" />}
            title="No templates yet"
            description="Create a template and WhatsApp will review it; approved templates can be sent from any chat."
          />
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="templates-grid">
          {templates.map((t) => (
            <TemplateCard key={t.id} template={t} />
          ))}
        </div>
      )}
      <CreateTemplateDialog isOpen={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
