import type {} from '@fastify/cookie';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';

export const SESSION_COOKIE = 'sb_session';
const SESSION_DAYS = 30;
// Extend a session's life at most this often, so reads don't turn into a write per request.
const TOUCH_AFTER_MS = 12 * 60 * 60 * 1000;

export type SessionUser = { id: string; email: string; sessionId: string };

/** Creates a session row and returns the raw token for the cookie. */
export async function createSession(db: Executor, userId: string, userAgent?: string): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    userAgent: userAgent?.slice(0, 300),
  });
  return token;
}

/** Looks up the user behind a cookie token; expired or unknown tokens give null. */
export async function findSessionUser(db: Executor, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256Hex(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;

  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) })
      .where(eq(sessions.id, row.sessionId));
  }
  return { id: row.id, email: row.email, sessionId: row.sessionId };
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
