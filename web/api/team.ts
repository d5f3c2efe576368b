import type {
  AuditLogResponse,
  InviteMemberBody,
  InviteMemberResponse,
  TeamResponse,
  TeamTimeZoneInput,
} from '@common/api/team';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';

export const TEAM_QUERY_KEY = ['team'] as const;

export const teamQuery = queryOptions({
  queryKey: TEAM_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest<TeamResponse>('/api/team', { signal }),
  staleTime: 30_000,
});

export const auditLogQuery = queryOptions({
  queryKey: [...TEAM_QUERY_KEY, 'audit-log'],
  queryFn: ({ signal }) => apiRequest<AuditLogResponse>('/api/team/audit-log', { signal }),
  staleTime: 30_000,
});

export function inviteMember(body: InviteMemberBody): Promise<InviteMemberResponse> {
  return apiRequest<InviteMemberResponse>('/api/team/invitations', { method: 'POST', body });
}

export function removeMember(memberId: string): Promise<null> {
  return apiRequest<null>(`/api/team/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' });
}

/** A new link for an open invitation; the previous one stops working. */
export function resendInvitation(memberId: string): Promise<InviteMemberResponse> {
  return apiRequest<InviteMemberResponse>(`/api/team/invitations/${encodeURIComponent(memberId)}/resend`, {
    method: 'POST',
  });
}

/**
 * Owners: the team's time zone (campaign schedules, the AI bot's business hours). The answer
 * replaces the cached team, and the screens that show the zone read it again.
 */
export async function saveTeamTimeZone(client: QueryClient, body: TeamTimeZoneInput): Promise<TeamResponse> {
  const team = await apiRequest<TeamResponse>('/api/team/time-zone', { method: 'PUT', body });
  client.setQueryData(TEAM_QUERY_KEY, team);
  void client.invalidateQueries({ queryKey: [...TEAM_QUERY_KEY, 'audit-log'] });
  void client.invalidateQueries({ queryKey: ['ai-bot'] });
  return team;
}
