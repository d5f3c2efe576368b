import type { ServerEventMap } from '@common/realtime';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Campaigns (`/api/campaigns`): the team's broadcasts. Every key sits under `campaignKeys.all`, which
 * the live `campaign.changed` frame refetches.
 */

export const campaignKeys = {
  all: ['campaigns'] as const,
};

export const campaignAppliers = {
  'campaign.changed': ({ client }: { client: QueryClient }, _data: ServerEventMap['campaign.changed']) => {
    void client.invalidateQueries({ queryKey: campaignKeys.all });
  },
};
