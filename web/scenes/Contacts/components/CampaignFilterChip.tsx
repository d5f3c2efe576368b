import type { CampaignCondition } from '@common/api/contact-filter';
import { useQuery } from '@tanstack/react-query';
import { SendIcon, XIcon } from 'lucide-react';
import { campaignsQuery } from '../../../api/campaigns';
import { campaignConditionLabel } from '../filterLabels';

/**
 * A segment saved from a campaign's report keeps its recipients' condition: shown as a chip with
 * the campaign's name and groups ("Campaign: Spring sale · read, replied"), with an × that removes it.
 * It has no editor: the groups are chosen on the report.
 */
export function CampaignFilterChip({
  condition,
  onClear,
}: {
  condition: CampaignCondition;
  onClear: () => void;
}) {
  const campaigns = useQuery(campaignsQuery);
  const name = campaigns.data
    ? (campaigns.data.campaigns.find((c) => c.id === condition.campaignId)?.name ?? 'Deleted campaign')
    : null;
  const label = campaignConditionLabel(condition, name);
  return (
    <div
      className="flex h-8 max-w-full shrink-0 items-center rounded-full bg-brand-50 text-[13px] text-brand-900 ring-1 ring-brand-200"
      data-testid="filter-campaign"
      data-active
    >
      <span className="flex min-w-0 items-center gap-1.5 pr-1 pl-3" title={label}>
        <SendIcon aria-hidden className="size-3.5 shrink-0 text-brand-700" />
        <span className="min-w-0 truncate">
          <span className="font-medium">Campaign:</span> {label}
        </span>
      </span>
      <button
        type="button"
        onClick={onClear}
        aria-label="Remove campaign filter"
        className="mr-1 shrink-0 rounded-full p-1 text-brand-700 outline-none hover:bg-brand-100 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-500/50"
      >
        <XIcon className="size-3.5" />
      </button>
    </div>
  );
}
