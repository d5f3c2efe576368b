import type { SignUpInput } from '@common/api/auth';
import { MSG } from '@common/messages';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { conflict } from '../lib/http-errors';
import { acceptInvitationInTx } from './accept-invitation';

/**
 * Creates a user. Signing up never joins a team by itself: only an invitation link's secret
 * (`invitationToken`), sent to this very address, does — then the account and the membership are made
 * in one transaction, or neither (a stale link answers its error and creates nothing), so an invited
 * teammate lands in the team's inbox (spec §4 "Sign-up").
 */
export async function signUp(
  db: Database,
  input: { email: string; password: string; invitationToken?: string | undefined },
) {
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

    if (!input.invitationToken) return { user, joinedTeam: false };
    await acceptInvitationInTx(tx, user, input.invitationToken);
    return { user, joinedTeam: true };
  });
}

export type { SignUpInput };
