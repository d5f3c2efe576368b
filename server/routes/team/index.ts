import {
  type AuditLogResponse,
  type InviteMemberResponse,
  inviteMemberSchema,
  TEAM_MSG,
  type TeamResponse,
  teamTimeZoneSchema,
} from '@common/api/team';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAuditEntries } from '../../audit/audit-log';
import { type Actor, requestAccess, requireActor, requireUser } from '../../auth/route-access';
import { SESSION_COOKIE } from '../../auth/sessions';
import { inviteMember } from '../../commands/invite-member';
import { removeMember } from '../../commands/remove-member';
import { resendInvitation } from '../../commands/resend-invitation';
import { setTeamTimeZone } from '../../commands/team-time-zone';
import type { Database } from '../../db/client';
import { teamMembers, teams } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { badRequest, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/uuid';
import { revokeLive } from '../../live/plugin';
import { teamPolicy } from '../../policies/team';
import { presentMember } from './present';

/** Owner first, then active members, then open invitations; oldest first within each. */
const MEMBER_ORDER = sql`case when ${teamMembers.role} = 'owner' then 0 when ${teamMembers.status} = 'active' then 1 else 2 end`;
export const INVITE_ATTEMPTS_PER_MINUTE = 30;

/**
 * Besides the hourly limit on invitations sent: attempts of one session, whatever they answer (409
 * says whether an address belongs to another team), per process.
 */
const inviteAttemptLimit = {
  max: INVITE_ATTEMPTS_PER_MINUTE,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => {
    const session = request.cookies[SESSION_COOKIE];
    return session ? `session:${sha256Hex(session)}` : `ip:${request.ip}`;
  },
  errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => ({
    statusCode: 429,
    code: 'too_many_requests',
    message: `Too many invitation attempts. Please try again in ${context.after}.`,
  }),
};

/** GET /api/team's answer: the team, its settings, its members and what the caller may do. */
async function presentTeam(db: Database, actor: Actor): Promise<TeamResponse> {
  const [team] = await db.select().from(teams).where(eq(teams.id, actor.teamId)).limit(1);
  if (!team) throw notFound(TEAM_MSG.noTeam, 'no_team');
  const rows = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(MEMBER_ORDER, asc(teamMembers.createdAt), asc(teamMembers.id));
  const abilities = teamPolicy.abilities(actor, { id: team.id });
  return {
    team: { id: team.id, name: team.name, timeZone: team.timeZone },
    hasAccount: team.whatsappAccountId !== null,
    you: { role: actor.role ?? 'member' },
    members: rows.map((row) => presentMember(row, actor)),
    abilities: {
      invite: abilities.invite,
      viewActivity: abilities.viewActivity,
      changeSettings: abilities.changeSettings,
    },
  };
}

/**
 * The Settings Team tab. Everyone in the team reads the member list; the owner invites and removes
 * (the commands ask the team policy, so a member's forged request gets 403 with its message).
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/team', { config: { access: 'member' }, schema: { tags: ['team'] } }, async (request) => {
    const actor = await requireActor(request);
    teamPolicy.authorize(actor, 'viewMembers', { id: actor.teamId });
    return presentTeam(app.db, actor);
  });

  // The team's time zone. Access 'member': a member gets the policy's own refusal (403).
  app.put(
    '/team/time-zone',
    { config: { access: 'member' }, schema: { tags: ['team'], body: teamTimeZoneSchema } },
    async (request) => {
      const actor = await requireActor(request);
      await setTeamTimeZone({ db: app.db, events: app.events }, actor, request.body.timeZone);
      return presentTeam(app.db, actor);
    },
  );

  // Access 'user', not 'owner': a signed-in user without a team gets the spec's 'No team found…',
  // and a member gets the policy's own refusal; both come from the command.
  app.post(
    '/team/invitations',
    {
      config: { access: 'user', rateLimit: inviteAttemptLimit },
      schema: { tags: ['team'], body: inviteMemberSchema },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const access = await requestAccess(request);
      const actor = { id: user.id, email: user.email, teamId: access.teamId, role: access.role };
      const { member, outcome } = await inviteMember(app.db, {
        actor,
        input: request.body,
        publicUrl: app.env.publicUrl,
      });
      return reply
        .code(201)
        .send({ member: presentMember(member, actor), outcome } satisfies InviteMemberResponse);
    },
  );

  // A new link for an open invitation (the old one stops working); counts toward the hourly limit.
  app.post(
    '/team/invitations/:memberId/resend',
    {
      config: { access: 'owner', rateLimit: inviteAttemptLimit },
      schema: { tags: ['team'], params: z.object({ memberId: z.uuid(TEAM_MSG.memberNotFound) }) },
    },
    async (request) => {
      const actor = await requireActor(request);
      const member = await resendInvitation(app.db, {
        actor,
        memberId: request.params.memberId,
        publicUrl: app.env.publicUrl,
      });
      return { member: presentMember(member, actor), outcome: 'invited' } satisfies InviteMemberResponse;
    },
  );

  app.delete(
    '/team/members/:memberId',
    {
      config: { access: 'member' },
      schema: { tags: ['team'], params: z.object({ memberId: z.string().max(100) }) },
    },
    async (request, reply) => {
      const actor = await requireActor(request);
      const memberId = request.params.memberId.trim();
      if (!memberId) throw badRequest(TEAM_MSG.memberIdRequired, 'validation_failed', 'memberId');
      if (!isUuid(memberId)) throw notFound(TEAM_MSG.memberNotFound);
      const removed = await removeMember({ db: app.db, events: app.events }, { actor, memberId });
      // Their live sockets in this team's account close now, on every process (an invitation has none).
      if (removed.userId && removed.accountId) {
        await revokeLive(app, {
          reason: 'removed-from-team',
          userId: removed.userId,
          accountId: removed.accountId,
        });
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/team/audit-log',
    { config: { access: 'member' }, schema: { tags: ['team'] } },
    async (request): Promise<AuditLogResponse> => {
      const actor = await requireActor(request);
      teamPolicy.authorize(actor, 'viewActivity', { id: actor.teamId });
      return { entries: await listAuditEntries(app.db, actor.teamId) };
    },
  );
};
