import type { CampaignAudience } from '@common/api/campaigns';
import { useQuery } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { audienceCountQuery } from '../../../../api/campaigns';
import { errorMessage } from '../../../../api/client';
import { formatCount } from '../format';

/** "N recipients · M opted out and left out", as the server counts the audience now. */
export function audienceCountText(count: { recipients: number; optedOut: number }): string {
  const people = `${formatCount(count.recipients)} recipient${count.recipients === 1 ? '' : 's'}`;
  return count.optedOut > 0 ? `${people} · ${formatCount(count.optedOut)} opted out and left out` : people;
}

/** The live count of an audience (none while it is incomplete), announced politely as it changes. */
export function AudienceCountLine({ audience }: { audience: CampaignAudience | null }) {
  const count = useQuery({
    ...audienceCountQuery(audience ?? { kind: 'opted_in' }),
    enabled: audience !== null,
  });
  let text = 'Choose who receives the campaign to see how many people that is.';
  if (audience && count.isPending) text = 'Counting…';
  else if (audience && count.isError) text = errorMessage(count.error, 'The audience could not be counted.');
  else if (audience && count.data) text = audienceCountText(count.data);
  return (
    <p
      className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm font-medium text-slate-800 ring-1 ring-slate-200 ring-inset"
      role="status"
      data-testid="audience-count"
    >
      <UsersIcon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      {text}
    </p>
  );
}
