import { Link } from 'react-router';
import { Alert } from '../../../../components/Alert';
import { Spinner } from '../../../../components/Spinner';
import { useCanCreateCampaign } from '../useCanCreateCampaign';
import { CampaignEditor } from './CampaignEditor';

/** `/app/marketing/campaigns/new`: the create flow's first step; the name creates the draft. */
export function NewCampaign() {
  const canCreate = useCanCreateCampaign();
  if (canCreate === undefined)
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading" />
      </div>
    );
  if (!canCreate) {
    return (
      <Alert tone="info" title="Only the team owner creates campaigns">
        You can follow every campaign and its report on the{' '}
        <Link to="/app/marketing/campaigns" className="font-medium underline">
          Campaigns
        </Link>{' '}
        tab.
      </Alert>
    );
  }
  return <CampaignEditor campaign={null} />;
}
