import type { SignUpInput } from '@common/api/auth';
import { MSG } from '@common/messages';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { teamMembers, users } from '../db/schema';
import { conflict } from '../lib/http-errors';

/**
 * Creates a user. Invitations waiting for this e-mail become active memberships at once, so an
 * invited teammate lands in the team's inbox (spec §4 "Sign-up").
 */
export async function signUp(db: Database, input: { email: string; password: string }) {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) throw conflict(MSG.userAlreadyRegistered, 'user_exists');

    let user: { id: string; email: string };
    try {
      [user] = (await tx
        .insert(users)
        .values({ email, passwordHash })
        .returning({ id: users.id, email: users.email })) as [{ id: string; email: string }];
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MSG.userAlreadyRegistered, 'user_exists');
      throw error;
    }

    // A user belongs to one team: the newest invitation wins, older ones are withdrawn.
    const invitations = await tx
      .select({ id: teamMembers.id, teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.email, email), isNull(teamMembers.userId)))
      .orderBy(desc(teamMembers.createdAt));
    const [accepted, ...withdrawn] = invitations;
    if (!accepted) return { user, joinedTeam: false };

    await tx
      .update(teamMembers)
      .set({ userId: user.id, status: 'active', updatedAt: new Date() })
      .where(eq(teamMembers.id, accepted.id));
    if (withdrawn.length > 0) {
      await tx.delete(teamMembers).where(
        inArray(
          teamMembers.id,
          withdrawn.map((w) => w.id),
        ),
      );
    }
    await recordAudit(tx, {
      actorId: user.id,
      teamId: accepted.teamId,
      action: 'member.joined',
      subjectType: 'team_member',
      subjectId: accepted.id,
      details: { email },
    });
    return { user, joinedTeam: true };
  });
}

export type { SignUpInput };
