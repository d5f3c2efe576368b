import { useQuery } from '@tanstack/react-query';
import { campaignsQuery } from '../../../api/campaigns';

/**
 * Whether to offer "New campaign", as the server's list answers it (`abilities.create`: owners);
 * undefined while the list loads. The server refuses a member's create with 403 either way.
 */
export function useCanCreateCampaign(): boolean | undefined {
  return useQuery(campaignsQuery).data?.abilities.create;
}
