/**
 * Joining a team (`/api/invitations/*`, the `/join?token=…` page). An invitation e-mail carries a
 * single-use secret; a membership becomes active only when someone signed in as — or signing up as —
 * the invited address presents it. The sign-up body may carry it too (`invitationToken`), so a new
 * teammate's account and membership are made in one step.
 *
 * Errors: `invitation_invalid` (404: unknown, used, revoked or expired), `invitation_other_address`
 * (403: signed in as someone else), `in_another_team` (409).
 */
import { z } from 'zod';

export const INVITATION_MSG = {
  invalid: 'This invitation link is invalid or has expired. Ask the team owner to send you a new one.',
  otherAddress: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  inAnotherTeam: 'Your account already belongs to a team, so it cannot join another one.',
} as const;

const token = z
  .string({ error: INVITATION_MSG.invalid })
  .trim()
  .min(16, INVITATION_MSG.invalid)
  .max(200, INVITATION_MSG.invalid);

/** POST /api/invitations/preview and /api/invitations/accept. */
export const invitationTokenSchema = z.object({ token }, { error: INVITATION_MSG.invalid });
export type InvitationTokenBody = z.input<typeof invitationTokenSchema>;

/** The sign-up body's optional field (see `signUpSchema`). */
export const invitationTokenField = token.optional();

/** POST /api/invitations/preview: what the join page shows before anyone signs in. */
export type InvitationPreview = {
  email: string;
  teamName: string;
  inviter: string;
  /** Whether the invited address already has an account: the page opens sign-in rather than sign-up. */
  hasAccount: boolean;
  expiresAt: string;
};

/** POST /api/invitations/accept */
export type AcceptInvitationResponse = { teamId: string; next: string };
