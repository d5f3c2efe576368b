import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { campaignQuery } from '../../../api/campaigns';
import { ApiRequestError, errorMessage } from '../../../api/client';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { CampaignEditor } from './editor/CampaignEditor';
import { CampaignReport } from './report/CampaignReport';
import { useCampaignsLive } from './useCampaignsLive';

/**
 * `/app/marketing/campaigns/:campaignId`: a draft its owner may change opens in the create flow;
 * anything else (and a draft a member looks at) opens as its report.
 */
export function CampaignPage() {
  const { campaignId = '' } = useParams();
  const query = useQuery(campaignQuery(campaignId));
  useCampaignsLive();

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the campaign" />
      </div>
    );
  }
  if (query.isError) {
    const missing =
      query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="space-y-4">
        <Link
          to="/app/marketing/campaigns"
          className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          All campaigns
        </Link>
        <Alert testId="campaign-error">
          <p>
            {missing
              ? 'This campaign no longer exists.'
              : errorMessage(query.error, 'The campaign could not be loaded.')}
          </p>
          {!missing && (
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          )}
        </Alert>
      </div>
    );
  }
  const campaign = query.data;
  if (campaign.status === 'draft' && campaign.abilities.update) {
    return <CampaignEditor key={campaign.id} campaign={campaign} />;
  }
  return <CampaignReport campaign={campaign} />;
}
