import type { Campaign } from '@common/api/campaigns';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, BookmarkPlusIcon, ClockIcon, RotateCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { campaignReportQuery, retryFailed } from '../../../../api/campaigns';
import { errorMessage } from '../../../../api/client';
import { tagsQuery } from '../../../../api/inboxKeys';
import { segmentsQuery } from '../../../../api/segments';
import { Alert } from '../../../../components/Alert';
import { Button } from '../../../../components/Button';
import { showToast, Toaster } from '../../../../ui/Toast';
import { audienceText } from '../audienceText';
import { CampaignStatusBadge } from '../CampaignStatusBadge';
import { formatCount, formatMoment, waitText } from '../format';
import { CampaignControls } from './CampaignControls';
import { Funnel } from './Funnel';
import { RecipientsTable } from './RecipientsTable';
import { SaveSegmentDialog } from './SaveSegmentDialog';
import { TimelineChart } from './TimelineChart';

/** Whether the viewer may act on the campaign: the server grants one of its abilities. */
function canAct(campaign: Campaign): boolean {
  return Object.values(campaign.abilities).some(Boolean);
}

function metaLine(campaign: Campaign): string {
  const zone = campaign.timeZone;
  if (campaign.finishedAt) return `Finished ${formatMoment(campaign.finishedAt, zone)}`;
  if (campaign.startedAt) return `Started ${formatMoment(campaign.startedAt, zone)}`;
  if (campaign.scheduledAt)
    return `Scheduled for ${formatMoment(campaign.scheduledAt, zone)} (${zone.replaceAll('_', ' ')})`;
  return 'Not sent yet';
}

/**
 * A campaign's report: status and controls (by the server's abilities), why it waits, the funnel and
 * the chart, live; the recipients with Export CSV, Retry failed and Save as segment.
 */
export function CampaignReport({ campaign: shown }: { campaign: Campaign }) {
  const client = useQueryClient();
  const report = useQuery({ ...campaignReportQuery(shown.id), enabled: shown.status !== 'draft' });
  const segments = useQuery(segmentsQuery).data;
  const tags = useQuery(tagsQuery).data;
  const [savingSegment, setSavingSegment] = useState(false);
  const [retrying, setRetrying] = useState(false);
  // The report's copy is the newer one while it loads with the detail.
  const campaign =
    report.data && report.data.campaign.updatedAt >= shown.updatedAt ? report.data.campaign : shown;
  const wait = campaign.status === 'sending' ? waitText(campaign.wait) : null;
  const retryable = report.data?.retryable ?? 0;
  const started = campaign.funnel !== null;

  const retry = async () => {
    setRetrying(true);
    try {
      const n = await retryFailed(client, campaign.id);
      showToast(`${formatCount(n)} recipient${n === 1 ? '' : 's'} queued again`, 'success');
    } catch (e) {
      showToast(errorMessage(e, 'The failed messages could not be sent again.'), 'error');
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className="space-y-5" data-testid="campaign-report">
      <div className="space-y-3">
        <Link
          to="/app/marketing/campaigns"
          className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          All campaigns
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex items-center gap-2">
              <h2 className="truncate text-lg font-semibold text-slate-900">{campaign.name}</h2>
              <CampaignStatusBadge status={campaign.status} />
            </div>
            <p className="mt-0.5 text-sm text-slate-600">
              {campaign.template?.name ?? 'Template deleted'} ·{' '}
              {audienceText(campaign.audience, segments, tags)} · {metaLine(campaign)}
            </p>
          </div>
          <CampaignControls campaign={campaign} />
        </div>
      </div>

      {wait && (
        <Alert tone="warning" testId="campaign-wait">
          {wait}. Sending continues by itself.
        </Alert>
      )}
      {report.isError && (
        <Alert testId="report-error">
          <p>{errorMessage(report.error, 'The report could not be loaded.')}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void report.refetch()}>
            Try Again
          </Button>
        </Alert>
      )}

      {started && campaign.funnel ? (
        <Funnel funnel={campaign.funnel} />
      ) : (
        <div className="flex items-center gap-3 rounded-2xl bg-white p-5 text-sm text-slate-700 ring-1 ring-slate-200">
          <ClockIcon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
          {campaign.status === 'draft'
            ? 'This campaign is a draft. The team owner finishes and sends it.'
            : campaign.status === 'scheduled'
              ? `Sending starts ${metaLine(campaign).replace('Scheduled for ', 'on ')}; recipients are chosen then.`
              : 'Nothing was sent.'}
        </div>
      )}

      {started && (
        <>
          <TimelineChart
            timeline={report.data?.timeline ?? []}
            bucketSeconds={report.data?.bucketSeconds ?? 60}
            timeZone={campaign.timeZone}
          />
          <RecipientsTable
            campaignId={campaign.id}
            timeZone={campaign.timeZone}
            actions={
              <>
                {canAct(campaign) && (
                  <Button
                    variant="secondary"
                    size="sm"
                    icon={<RotateCwIcon className="size-4" aria-hidden="true" />}
                    disabled={!campaign.abilities.retry || retryable === 0}
                    isLoading={retrying}
                    onClick={() => void retry()}
                    data-testid="retry-failed"
                  >
                    Retry failed ({formatCount(retryable)})
                  </Button>
                )}
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<BookmarkPlusIcon className="size-4" aria-hidden="true" />}
                  onClick={() => setSavingSegment(true)}
                >
                  Save as segment
                </Button>
              </>
            }
          />
        </>
      )}
      <SaveSegmentDialog
        isOpen={savingSegment}
        onClose={() => setSavingSegment(false)}
        campaignId={campaign.id}
        campaignName={campaign.name}
      />
      <Toaster />
    </div>
  );
}
