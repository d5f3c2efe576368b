import type {
  AuditLogResponse,
  InviteMemberBody,
  InviteMemberResponse,
  TeamResponse,
} from '@common/api/team';
import { queryOptions } from '@tanstack/react-query';
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
