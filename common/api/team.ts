/**
 * The team API (`/api/team/*`): who is in the team, invitations, removal and the audit log. The
 * server validates with these schemas and the web imports the same types.
 *
 * Errors come back as `{ error: code, message }`; `message` is always safe to show. Codes: `no_team`
 * (404), `validation_failed` (400), `forbidden` (403, a member calling an owner's action),
 * `already_member` / `already_invited` / `in_another_team` (409), `too_many_invitations` (429),
 * `cannot_remove_self` (400), `not_found` (404).
 */
import { z } from 'zod';
import { timeZoneSchema } from '../time-zone';
import { isValidEmail } from '../validation';

export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export type MemberStatus = 'active' | 'invited';

/** Invitations (and resends) per team per hour; more are refused with 429 until the hour has passed. */
export const INVITATIONS_PER_HOUR = 20;
/** How long an invitation link works; the owner can resend it (a new link) once it has run out. */
export const INVITATION_TTL_DAYS = 7;
/** Team success and error messages clear after this long (spec §8 "Team"). */
export const TEAM_MESSAGE_MS = 5_000;

export const TEAM_MSG = {
  // Spec §5 "Team invitation", word for word.
  enterEmail: 'Please enter an email address.',
  invalidInvitation: 'Valid team ID, email, and role are required',
  noTeam: 'No team found. Please connect your WhatsApp account first.',
  memberIdRequired: 'Member ID is required',
  // Spec §8 "Team", word for word.
  noAccount: 'No WhatsApp account found',
  refreshFailed: 'Failed to refresh team data',
  inviteFailed: 'Failed to invite team member',
  removeFailed: 'Failed to remove team member',
  // Spec §2 "Settings".
  noData: 'No data available',
  noAccountConfigured: 'No WhatsApp account configured yet.',
  // Ours: the spec states the rule, not the words.
  invalidEmail: 'Please enter a valid email address',
  cannotRemoveSelf: 'Owners cannot remove themselves from the team.',
  onlyOwnersInvite: 'Only team owners can invite members.',
  onlyOwnersRemove: 'Only team owners can remove members.',
  onlyOwnersViewActivity: 'Only team owners can see the team activity.',
  onlyOwnersChangeSettings: 'Only team owners can change the team’s time zone.',
  timeZoneInvalid: 'Choose a time zone from the list (an IANA name such as Europe/Berlin).',
  timeZoneSaved: (zone: string) => `The team’s time zone is now ${zone.replaceAll('_', ' ')}.`,
  timeZoneFailed: 'The time zone could not be saved. Try again.',
  ownerCannotBeRemoved: 'The team owner cannot be removed.',
  memberRoleOnly: 'Invitations are for the member role only.',
  alreadyMember: 'This person is already a member of your team.',
  alreadyInvited: 'This email address has already been invited.',
  inAnotherTeam: 'This person already belongs to another team.',
  memberNotFound: 'Team member not found',
  tooManyInvitations: `You can send up to ${INVITATIONS_PER_HOUR} invitations an hour. Please try again later.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  resent: (email: string) => `A new invitation link was sent to ${email}.`,
  notAnInvitation: 'This person has already joined the team.',
  removed: (label: string) => `${label} was removed from the team.`,
  readOnly: 'Only team owners can invite or remove members.',
} as const;

const invalid = { error: TEAM_MSG.invalidInvitation };

/**
 * POST /api/team/invitations. The team is the caller's (a `teamId` naming another team is refused);
 * the spec's server accepts the role owner or member, ours invites members only (a team has one owner).
 */
export const inviteMemberSchema = z.object(
  {
    email: z
      .string(invalid)
      .trim()
      .min(1, invalid)
      .max(320, invalid)
      .refine(isValidEmail, invalid)
      .transform((v) => v.toLowerCase()),
    role: z.enum(TEAM_ROLES, invalid).default('member'),
    teamId: z.uuid(invalid).optional(),
  },
  invalid,
);
export type InviteMemberBody = z.input<typeof inviteMemberSchema>;

export type MemberAbilities = { remove: boolean; resend: boolean };

export type TeamMember = {
  /** The team_members row id (what DELETE /api/team/members/:id takes). */
  id: string;
  /** The user's id (what assignment takes as `assigneeId`); null while the invitation waits for sign-up. */
  userId: string | null;
  email: string;
  /** The part of the e-mail before the @ (spec §6). */
  label: string;
  role: TeamRole;
  status: MemberStatus;
  isYou: boolean;
  /** When the row was created: the invitation or, for the owner, the team. */
  createdAt: string;
  /** An open invitation's link stops working then (null for members who joined). */
  invitationExpiresAt: string | null;
  abilities: MemberAbilities;
};

/**
 * `changeSettings`: the owner changes the team's settings (its time zone); members read them.
 */
export type TeamAbilities = { invite: boolean; viewActivity: boolean; changeSettings: boolean };

/** Where the team's settings are changed in the app (links from the screens that use them). */
export const TEAM_SETTINGS_PATH = '/app/settings/team';

/**
 * PUT /api/team/time-zone (owners): the team's IANA time zone. Campaigns are scheduled and the AI
 * bot's business hours are read in it. An unknown zone is 400 `validation_failed`; a member is 403.
 * Answers the whole `TeamResponse`.
 */
export const teamTimeZoneSchema = z.object({ timeZone: timeZoneSchema(TEAM_MSG.timeZoneInvalid) });
export type TeamTimeZoneInput = z.input<typeof teamTimeZoneSchema>;

/** GET /api/team */
export type TeamResponse = {
  /** `timeZone`: the team's IANA time zone (UTC until the owner chooses one). */
  team: { id: string; name: string; timeZone: string };
  /** False when the team has no WhatsApp account (yet, or any more): 'No WhatsApp account configured yet.' */
  hasAccount: boolean;
  you: { role: TeamRole };
  members: TeamMember[];
  abilities: TeamAbilities;
};

/**
 * POST /api/team/invitations and POST /api/team/invitations/:memberId/resend: the invitation waits
 * until the invited person follows the e-mailed link (see `./invitations.ts`); nobody joins without it.
 */
export type InviteMemberResponse = { member: TeamMember; outcome: 'invited' };

/** What the audit log records; later issues add contact.assigned, contact.tagged, contact.deleted… */
export type AuditAction =
  | 'member.invited'
  | 'member.added'
  | 'member.invitation_resent'
  | 'member.joined'
  | 'member.removed'
  | 'team.time_zone_changed'
  | (string & {});

export type AuditEntry = {
  id: string;
  action: AuditAction;
  /** Null for the system (the AI bot's hand-overs) or a user who is gone. */
  actor: { id: string; label: string } | null;
  subjectType: string;
  subjectId: string | null;
  /** The subject's name as the inbox shows it now, for a contact that still exists; else null. */
  subjectLabel: string | null;
  details: Record<string, unknown>;
  createdAt: string;
};

/** GET /api/team/audit-log (owners): newest first. */
export type AuditLogResponse = { entries: AuditEntry[] };
