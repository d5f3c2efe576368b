import type { CampaignFunnel } from '@common/api/campaigns';
import { formatCount, percentOf } from '../format';

const STEPS = [
  { key: 'queued', label: 'Queued', tone: 'text-slate-900' },
  { key: 'sent', label: 'Sent', tone: 'text-slate-900' },
  { key: 'delivered', label: 'Delivered', tone: 'text-slate-900' },
  { key: 'read', label: 'Read', tone: 'text-slate-900' },
  { key: 'replied', label: 'Replied', tone: 'text-brand-800' },
  { key: 'failed', label: 'Failed', tone: 'text-red-700' },
  { key: 'skipped', label: 'Skipped', tone: 'text-slate-900' },
] as const;

const HINTS: Record<(typeof STEPS)[number]['key'], string> = {
  queued: 'still to send',
  sent: 'of recipients',
  delivered: 'of recipients',
  read: 'of recipients',
  replied: 'of recipients',
  failed: 'of recipients',
  skipped: 'opted out or blocked',
};

/** The funnel as tiles (each a count and its share of the recipients) over a progress bar. */
export function Funnel({ funnel }: { funnel: CampaignFunnel }) {
  const handled = funnel.recipients - funnel.queued;
  const progress = funnel.recipients > 0 ? Math.round((handled / funnel.recipients) * 100) : 0;
  return (
    <section
      aria-labelledby="funnel-title"
      className="rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      data-testid="campaign-funnel"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="funnel-title" className="text-sm font-semibold text-slate-900">
          Funnel
        </h3>
        <p className="text-sm text-slate-600">
          <span className="font-semibold text-slate-900 tabular-nums">{formatCount(funnel.recipients)}</span>{' '}
          recipients
        </p>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Recipients handled"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${formatCount(handled)} of ${formatCount(funnel.recipients)} handled`}
      >
        <div
          className="h-full rounded-full bg-brand-500 transition-[width] duration-500"
          style={{ width: `${progress}%` }}
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {STEPS.map((step) => (
          <div
            key={step.key}
            className="rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-100 ring-inset"
            data-testid={`funnel-${step.key}`}
          >
            <dt className="text-xs font-medium text-slate-600">{step.label}</dt>
            <dd
              className={`mt-0.5 text-xl font-semibold tabular-nums ${step.tone}`}
              data-testid="funnel-count"
            >
              {formatCount(funnel[step.key])}
            </dd>
            <dd className="text-[11px] text-slate-600">
              {step.key === 'queued' || step.key === 'skipped'
                ? HINTS[step.key]
                : `${percentOf(funnel[step.key], funnel.recipients)} ${HINTS[step.key]}`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
