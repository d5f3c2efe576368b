import { MSG } from '@common/messages';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { deleteUserSessions } from '../auth/sessions';
import type { Database } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';
import { badRequest } from '../lib/http-errors';
import { html } from '../mail/html';
import { queueEmail } from '../mail/mailer';

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Mails a one-hour reset link when the address has an account; does nothing visible otherwise. Runs
 * in the `auth.password-reset-request` job, never on the request path, so the answer to
 * forgot-password takes the same time either way. `baseUrl` is PUBLIC_URL, never a request's Host.
 */
export async function requestPasswordReset(db: Database, email: string, baseUrl: string): Promise<void> {
  const address = email.toLowerCase();
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address)).limit(1);
    if (!user) return;

    const token = randomToken();
    const link = `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await queueEmail(tx, passwordResetEmail(address, link));
  });
}

/** The reset e-mail; every value in its HTML is escaped. */
export function passwordResetEmail(to: string, link: string) {
  return {
    to,
    subject: 'Reset your Switchboard password',
    text: `Someone asked to reset the password of your Switchboard account.\n\nSet a new password here (the link works for one hour):\n${link}\n\nIf it wasn't you, ignore this e-mail; your password stays as it is.`,
    html: html`<p>Someone asked to reset the password of your Switchboard account.</p><p><a href="${link}">Set a new password</a> (the link works for one hour).</p><p>If it wasn't you, ignore this e-mail; your password stays as it is.</p>`
      .value,
  };
}

/**
 * Sets a new password from a reset link; the link works once, and every session is signed out.
 * Returns the user's id (the route closes their live sockets).
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  return await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256Hex(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) throw badRequest(MSG.resetLinkInvalid, 'reset_link_invalid');

    // Every other link still outstanding for this user ends with this one: an older e-mail (or one an
    // attacker asked for meanwhile) can no longer set the password.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, reset.userId));
    await deleteUserSessions(tx, reset.userId);
    return reset.userId;
  });
}
