import { ChartColumnIcon } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';

export function Sales() {
  return (
    <div>
      <PageHeader title="Sales" description="Track deals and revenue that start in WhatsApp conversations." />
      <div className="mx-auto max-w-6xl px-5 py-8 sm:px-8">
        <div className="rounded-2xl bg-white ring-1 ring-slate-200">
          <EmptyState
            icon={<ChartColumnIcon className="size-7" />}
            badge="Coming soon"
            title="Sales features are coming soon"
            description="Pipelines, deal stages and reporting tied to your contacts are on the way."
          />
        </div>
      </div>
    </div>
  );
}
