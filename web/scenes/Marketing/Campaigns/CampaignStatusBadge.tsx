import type { CampaignStatus } from '@common/api/campaigns';
import { STATUS_LABEL } from './format';

const TONE: Record<CampaignStatus, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-200',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200',
  sending: 'bg-brand-50 text-brand-800 ring-brand-200',
  paused: 'bg-amber-50 text-amber-800 ring-amber-200',
  completed: 'bg-ink-50 text-ink-800 ring-ink-200',
  cancelled: 'bg-red-50 text-red-700 ring-red-200',
};

/** A campaign's status as a pill, in the look of the templates' status badges. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ${TONE[status]}`}
      data-testid="campaign-status"
      data-status={status}
    >
      {status === 'sending' && (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-brand-600" />
      )}
      {STATUS_LABEL[status]}
    </span>
  );
}
