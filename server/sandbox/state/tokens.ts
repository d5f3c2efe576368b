import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxTokens } from '../../db/schema';
import type { Env } from '../../env';
import { accessToken, signupCode } from './ids';

export type SandboxToken = typeof sandboxTokens.$inferSelect;

/** Codes are single-use; Meta gives them 30 s, the sandbox 10 minutes so a person can follow along. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** About 60 days, as Meta's long-lived tokens (expires_in 5183944 in Meta's example). */
export const LONG_LIVED_TTL_SECONDS = 5_183_944;

/** The app credentials the sandbox accepts: the configured Meta app, or the app's sandbox stand-ins. */
export function sandboxAppCredentials(env: Env): { appId: string; appSecret: string } {
  return { appId: env.meta.appId ?? 'sandbox-app', appSecret: env.meta.appSecret ?? env.meta.webhookSecret };
}

type Grant = { wabaId: string; phoneNumberId: string };

export async function issueCode(db: Executor, grant: Grant, now: Date): Promise<string> {
  const token = signupCode();
  await db.insert(sandboxTokens).values({
    token,
    kind: 'code',
    ...grant,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  return token;
}

/** An access token for a WABA and number; expiresAt null never expires (system-user tokens). */
export async function issueAccessToken(
  db: Executor,
  grant: Grant,
  kind: 'access_token' | 'user_token',
  expiresAt: Date | null,
  now: Date,
): Promise<SandboxToken> {
  const [row] = await db
    .insert(sandboxTokens)
    .values({ token: accessToken(), kind, ...grant, expiresAt, createdAt: now })
    .returning();
  return row!;
}

export type CodeRedemption =
  | { ok: true; code: SandboxToken }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** Uses a code up, at most once even when two requests race for it. */
export async function redeemCode(db: Executor, code: string, now: Date): Promise<CodeRedemption> {
  const [row] = await db
    .select()
    .from(sandboxTokens)
    .where(and(eq(sandboxTokens.token, code), eq(sandboxTokens.kind, 'code')))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  const [taken] = await db
    .update(sandboxTokens)
    .set({ usedAt: now })
    .where(and(eq(sandboxTokens.token, code), isNull(sandboxTokens.usedAt)))
    .returning();
  return taken ? { ok: true, code: taken } : { ok: false, reason: 'used' };
}

export type TokenLookup =
  | { ok: true; token: SandboxToken }
  | { ok: false; reason: 'unknown' | 'expired'; expiredAt?: Date };

/** An access token (not a code) by its value, checked against the sandbox clock. */
export async function lookupAccessToken(db: Executor, value: string, now: Date): Promise<TokenLookup> {
  const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.token, value)).limit(1);
  if (!row || row.kind === 'code') return { ok: false, reason: 'unknown' };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    return { ok: false, reason: 'expired', expiredAt: row.expiresAt };
  }
  return { ok: true, token: row };
}
