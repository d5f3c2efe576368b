import { eq } from 'drizzle-orm';
import type { ChannelProvider } from '../channel/channel';
import { cloudApiChannels } from '../channel/cloud-api';
import type { Database } from '../db/client';
import { whatsappAccounts } from '../db/schema';
import type { Env } from '../env';
import { decryptSecret, encryptSecret } from '../lib/crypto';
import { isRetryableGraphError } from '../whatsapp/graph-errors';

const DAY = 86_400_000;
export const REFRESH_WINDOW_MS = 7 * DAY;
export const URGENT_WINDOW_MS = 2 * DAY;
/** Delays before attempts 2 and 3 (spec §9: 1 s, 5 s, 15 s plus up to 1 s of jitter). */
export const RETRY_DELAYS_MS = [1_000, 5_000, 15_000];
const ERROR_LOG_SIZE = 10;

export const REFRESH_MSG = {
  noToken: 'No access token to refresh',
  noTokenInResponse: 'No access token in response',
  validationFailed: 'Token validation failed',
  maxRetries: 'Max retry attempts exceeded',
} as const;

export type RefreshLogEntry = {
  timestamp: string;
  success: boolean;
  error: string | null;
  tokenExpiresAt: string | null;
};

/** A refresh is due when the expiry is unknown or within 7 days; urgent within 2 days. */
export function refreshNeed(expiresAt: Date | null, now = Date.now()): 'none' | 'due' | 'urgent' {
  if (!expiresAt) return 'due';
  const left = expiresAt.getTime() - now;
  if (left <= URGENT_WINDOW_MS) return 'urgent';
  if (left <= REFRESH_WINDOW_MS) return 'due';
  return 'none';
}

/** The next check: 7 days before the expiry, or now when the expiry is unknown. */
export function planNextRefreshCheck(expiresAt: Date | null): Date {
  if (!expiresAt) return new Date();
  return new Date(Math.max(Date.now(), expiresAt.getTime() - REFRESH_WINDOW_MS));
}

type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Refreshes one account's long-lived token (fb_exchange_token, ~60 days): up to 3 attempts,
 * retrying only 5xx, 429 and network failures; the new token is validated before it is saved.
 * Every outcome goes into the account's error log (last 10 entries).
 */
export async function refreshAccountToken(
  db: Database,
  env: Env,
  accountId: string,
  /** `channels`: the start-up provider (the job passes it); default the Cloud API at `env`'s Graph URL. */
  options: { sleep?: Sleep; force?: boolean; channels?: ChannelProvider } = {},
): Promise<{ refreshed: boolean; error: string | null }> {
  const sleep = options.sleep ?? realSleep;
  const [account] = await db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, accountId))
    .limit(1);
  if (!account) return { refreshed: false, error: null };
  if (!options.force && refreshNeed(account.tokenExpiresAt) === 'none') {
    await db
      .update(whatsappAccounts)
      .set({ nextRefreshCheck: planNextRefreshCheck(account.tokenExpiresAt) })
      .where(eq(whatsappAccounts.id, accountId));
    return { refreshed: false, error: null };
  }

  let error: string = REFRESH_MSG.noToken;
  let result: { token: string; expiresAt: Date } | null = null;
  if (account.accessTokenEncrypted) {
    const current = decryptSecret(account.accessTokenEncrypted, env.secretKey);
    const channels = options.channels ?? cloudApiChannels(env);
    const outcome = await exchangeWithRetries(channels, current, account.phoneNumberId, sleep);
    if ('error' in outcome) error = outcome.error;
    else result = outcome;
  }

  const log = Array.isArray(account.refreshErrorLog) ? (account.refreshErrorLog as RefreshLogEntry[]) : [];
  const entry: RefreshLogEntry = {
    timestamp: new Date().toISOString(),
    success: result !== null,
    error: result ? null : error,
    tokenExpiresAt: (result?.expiresAt ?? account.tokenExpiresAt)?.toISOString() ?? null,
  };
  const nextLog = [...log, entry].slice(-ERROR_LOG_SIZE);

  if (result) {
    await db
      .update(whatsappAccounts)
      .set({
        accessTokenEncrypted: encryptSecret(result.token, env.secretKey),
        tokenExpiresAt: result.expiresAt,
        lastRefreshAttempt: new Date(),
        refreshAttemptsCount: 0,
        nextRefreshCheck: planNextRefreshCheck(result.expiresAt),
        refreshErrorLog: nextLog,
        updatedAt: new Date(),
      })
      .where(eq(whatsappAccounts.id, accountId));
    return { refreshed: true, error: null };
  }

  // Try again tomorrow; the connect page shows the expired state once the token has run out.
  await db
    .update(whatsappAccounts)
    .set({
      lastRefreshAttempt: new Date(),
      refreshAttemptsCount: account.refreshAttemptsCount + 1,
      nextRefreshCheck: new Date(Date.now() + DAY),
      refreshErrorLog: nextLog,
    })
    .where(eq(whatsappAccounts.id, accountId));
  return { refreshed: false, error };
}

async function exchangeWithRetries(
  channels: ChannelProvider,
  currentToken: string,
  phoneNumberId: string,
  sleep: Sleep,
): Promise<{ token: string; expiresAt: Date } | { error: string }> {
  const app = channels.connector();
  for (let attempt = 0; attempt < RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1]! + Math.floor(Math.random() * 1000));
    try {
      const exchanged = await app.exchangeToken(currentToken);
      if (!exchanged.accessToken) return { error: REFRESH_MSG.noTokenInResponse };
      try {
        await channels.connector(exchanged.accessToken).getPhoneNumber(phoneNumberId);
      } catch {
        return { error: REFRESH_MSG.validationFailed };
      }
      return { token: exchanged.accessToken, expiresAt: new Date(Date.now() + exchanged.expiresIn * 1000) };
    } catch (error) {
      if (!isRetryableGraphError(error))
        return { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return { error: REFRESH_MSG.maxRetries };
}
