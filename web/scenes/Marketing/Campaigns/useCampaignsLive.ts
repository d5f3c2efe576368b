import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { campaignKeys } from '../../../api/campaigns';
import { applyServerEvent, connectLive } from '../../../api/live';

/**
 * Keeps the campaign screens live: the feed's `campaign.changed` frames refetch every campaign query
 * (the list, a report's funnel, the recipients), and a reconnect refetches them too.
 */
export function useCampaignsLive(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const live = connectLive({
      onEvent: (frame) => {
        if (frame.event === 'campaign.changed') applyServerEvent({ client, meId: null }, frame);
      },
      onResync: () => void client.invalidateQueries({ queryKey: campaignKeys.all }),
    });
    return () => live.close();
  }, [client]);
}
