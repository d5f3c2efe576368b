import type { AcceptInvitationResponse, InvitationPreview } from '@common/api/invitations';
import { apiRequest } from './client';

/** What an invitation link is for (the invited address, the team, who invited), while it is open. */
export function previewInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return apiRequest<InvitationPreview>('/api/invitations/preview', {
    method: 'POST',
    body: { token },
    signal,
  });
}

/** The signed-in user (the invited address) joins the team. */
export function acceptInvitation(token: string): Promise<AcceptInvitationResponse> {
  return apiRequest<AcceptInvitationResponse>('/api/invitations/accept', {
    method: 'POST',
    body: { token },
  });
}

/** Where the join page sends a signed-out visitor: sign-up, or sign-in for an existing account. */
export function invitationAuthPath(preview: InvitationPreview, token: string): string {
  const query = new URLSearchParams({ email: preview.email, invitation: token });
  return `${preview.hasAccount ? '/sign-in' : '/sign-up'}?${query.toString()}`;
}
