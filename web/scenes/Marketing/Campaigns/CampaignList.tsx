import type { Campaign } from '@common/api/campaigns';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon, SendIcon } from 'lucide-react';
import { Link } from 'react-router';
import { campaignsQuery } from '../../../api/campaigns';
import { errorMessage } from '../../../api/client';
import { tagsQuery } from '../../../api/inboxKeys';
import { segmentsQuery } from '../../../api/segments';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { audienceText } from './audienceText';
import { CampaignStatusBadge } from './CampaignStatusBadge';
import { formatCount, formatMoment } from './format';
import { useCampaignsLive } from './useCampaignsLive';
import { useCanCreateCampaign } from './useCanCreateCampaign';

const NEW_CAMPAIGN = '/app/marketing/campaigns/new';

/** The figures a row shows, from the funnel (none before sending starts). */
const FIGURES = [
  { key: 'sent', label: 'Sent' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'read', label: 'Read' },
  { key: 'replied', label: 'Replied' },
  { key: 'failed', label: 'Failed' },
] as const;

/** When a campaign happened or will: what the row's second line ends with. */
function whenText(campaign: Campaign): string {
  const zone = campaign.timeZone;
  if (campaign.finishedAt) return `Finished ${formatMoment(campaign.finishedAt, zone)}`;
  if (campaign.startedAt) return `Started ${formatMoment(campaign.startedAt, zone)}`;
  if (campaign.scheduledAt) return `Scheduled for ${formatMoment(campaign.scheduledAt, zone)}`;
  return `Created ${formatMoment(campaign.createdAt, zone)}`;
}

function CampaignRow({ campaign, audience }: { campaign: Campaign; audience: string }) {
  const funnel = campaign.funnel;
  return (
    <li
      className="relative grid gap-3 px-4 py-4 transition-colors focus-within:bg-slate-50 hover:bg-slate-50 sm:px-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center lg:gap-6"
      data-testid="campaign-row"
      data-name={campaign.name}
    >
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <Link
            to={`/app/marketing/campaigns/${campaign.id}`}
            className="min-w-0 truncate text-sm font-semibold text-slate-900 after:absolute after:inset-0 hover:underline focus-visible:outline-none"
          >
            {campaign.name}
          </Link>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <p className="mt-1 truncate text-xs text-slate-600">
          {campaign.template ? campaign.template.name : 'No template yet'} · {audience} · {whenText(campaign)}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-2 sm:grid-cols-6 sm:text-right lg:w-[30rem]">
        <div>
          <dt className="text-[11px] text-slate-600">Audience</dt>
          <dd className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="campaign-audience">
            {funnel ? formatCount(funnel.recipients) : '—'}
          </dd>
        </div>
        {FIGURES.map((figure) => (
          <div key={figure.key}>
            <dt className="text-[11px] text-slate-600">{figure.label}</dt>
            <dd
              className={`text-sm font-semibold tabular-nums ${
                figure.key === 'failed' && funnel && funnel.failed > 0 ? 'text-red-700' : 'text-slate-900'
              }`}
              data-testid={`campaign-${figure.key}`}
            >
              {funnel ? formatCount(funnel[figure.key]) : '—'}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * Marketing → Campaigns: every campaign of the team, newest first, with its status, audience and
 * funnel counts, live. Owners start a new one; members read the list and open the reports.
 */
export function CampaignList() {
  const query = useQuery(campaignsQuery);
  const segments = useQuery(segmentsQuery).data;
  const tags = useQuery(tagsQuery).data;
  const canCreate = useCanCreateCampaign();
  useCampaignsLive();

  const campaigns = query.data?.campaigns ?? [];
  const newButton = canCreate ? (
    <Link to={NEW_CAMPAIGN} className={buttonClasses('brand')}>
      <PlusIcon className="size-4" aria-hidden="true" />
      New campaign
    </Link>
  ) : null;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Campaigns</h2>
          <p className="text-sm text-slate-600">
            Send an approved template to a segment or tagged contacts, paced to WhatsApp’s limits.
          </p>
        </div>
        {campaigns.length > 0 && newButton}
      </div>

      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading campaigns" />
        </div>
      ) : query.isError ? (
        <Alert testId="campaigns-error">
          <p>{errorMessage(query.error, 'The campaigns could not be loaded.')}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : campaigns.length === 0 ? (
        <div className="rounded-2xl bg-white ring-1 ring-slate-200">
          <EmptyState
            icon={<SendIcon className="size-7" />}
            title="No campaigns yet"
            description={
              <>
                A campaign sends one approved template to many contacts at once — a segment, a tag, or
                everyone who opted in — and reports who received, read and replied.
                {!canCreate && ' The team owner creates campaigns.'}
              </>
            }
            action={newButton}
          />
        </div>
      ) : (
        <ul
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
          aria-label="Campaigns"
          data-testid="campaign-list"
        >
          {campaigns.map((campaign) => (
            <CampaignRow
              key={campaign.id}
              campaign={campaign}
              audience={audienceText(campaign.audience, segments, tags)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
