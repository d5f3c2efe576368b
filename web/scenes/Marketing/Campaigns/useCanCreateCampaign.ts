import { useSession } from '../../../hooks/useSession';

/**
 * Whether to offer "New campaign". Each campaign carries its own abilities, but the list answers no
 * ability to create one yet, so this reads the session's role, as the Contacts page's "Add contact"
 * does; the server refuses a member's create with 403 either way (policies/campaign.ts `create`).
 */
export function useCanCreateCampaign(): boolean {
  return useSession().data?.access.role === 'owner';
}
