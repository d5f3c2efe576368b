import type { SignInInput } from '@common/api/auth';
import { MSG } from '@common/messages';
import { eq } from 'drizzle-orm';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { unauthorized } from '../lib/http-errors';

/** Checks the credentials; unknown e-mails cost the same time as wrong passwords. */
export async function signIn(db: Executor, input: SignInInput) {
  const [user] = await db.select().from(users).where(eq(users.email, input.email.toLowerCase())).limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, input.password);
  if (!user || !ok) throw unauthorized(MSG.invalidCredentials, 'invalid_credentials');
  return { id: user.id, email: user.email };
}
