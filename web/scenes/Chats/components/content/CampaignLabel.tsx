import { MegaphoneIcon } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The campaign a template message was sent by: a small link to its report. Teal on the outgoing
 * bubble's green keeps the contrast above 4.5:1.
 */
export function CampaignLabel({ campaign }: { campaign: { id: string; name: string } }) {
  return (
    <Link
      to={`/app/marketing/campaigns/${encodeURIComponent(campaign.id)}`}
      className="inline-flex max-w-full items-center gap-1 rounded-sm text-[11px] font-medium text-teal-800 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-teal-700"
      data-testid="campaign-label"
    >
      <MegaphoneIcon aria-hidden className="size-3.5 shrink-0" />
      <span className="truncate">Campaign · {campaign.name}</span>
    </Link>
  );
}
