import { and, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import { whatsappAccounts } from '../db/schema';
import { defineJob } from '../jobs/define';
import { enqueue } from '../jobs/queue';
import { refreshAccountToken } from './token-refresh';

/** Refreshes one account's token (see token-refresh.ts for the rules). */
export const tokenRefreshJob = defineJob({
  name: 'whatsapp.token-refresh',
  schema: z.object({ accountId: z.uuid() }),
  // The refresh makes its own 3 attempts and logs the outcome; the queue need not add more.
  maxAttempts: 1,
  async handler({ accountId }, { db, env, log, channels }) {
    const result = await refreshAccountToken(db, env, accountId, { channels });
    if (result.error) log.warn({ accountId, error: result.error }, 'token refresh failed');
    else if (result.refreshed) log.info({ accountId }, 'access token refreshed');
  },
});

/** Every 30 minutes: queue a refresh for each account whose next check has come. */
export const tokenRefreshSweepJob = defineJob({
  name: 'whatsapp.token-refresh-sweep',
  schema: z.object({ slot: z.number().int() }),
  maxAttempts: 3,
  async handler({ slot }, { db }) {
    const due = await db
      .select({ id: whatsappAccounts.id })
      .from(whatsappAccounts)
      .where(
        and(
          isNotNull(whatsappAccounts.accessTokenEncrypted),
          or(isNull(whatsappAccounts.nextRefreshCheck), lte(whatsappAccounts.nextRefreshCheck, new Date())),
        ),
      );
    for (const { id } of due) {
      await enqueue(
        db,
        tokenRefreshJob,
        { accountId: id },
        { dedupeKey: `whatsapp.token-refresh:${id}:${slot}` },
      );
    }
  },
});
