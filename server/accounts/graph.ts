import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { whatsappAccounts } from '../db/schema';
import type { Env } from '../env';
import { decryptSecret } from '../lib/crypto';
import { getSelfOrigin } from '../lib/self-origin';
import { createGraphClient, type GraphClient } from '../whatsapp/graph-client';

export const SANDBOX_GRAPH_PATH = '/sandbox/graph/v22.0';

/** The Graph API base: META_GRAPH_URL, or this server's own sandbox when none is configured. */
export function resolveGraphUrl(env: Env): string {
  return env.meta.graphUrl ?? `${getSelfOrigin(env.port)}${SANDBOX_GRAPH_PATH}`;
}

/** A client with app credentials only (code and token exchange, debug_token). */
export function appGraphClient(env: Env, accessToken?: string): GraphClient {
  return createGraphClient({
    baseUrl: resolveGraphUrl(env),
    accessToken,
    appId: env.meta.appId ?? 'sandbox-app',
    appSecret: env.meta.appSecret ?? env.meta.webhookSecret,
  });
}

export type AccountRow = typeof whatsappAccounts.$inferSelect;

/** The stored account and a Graph client that speaks for it with its decrypted token. */
export async function graphForAccount(
  db: Executor,
  env: Env,
  accountId: string,
): Promise<{ account: AccountRow; client: GraphClient } | null> {
  const [account] = await db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, accountId))
    .limit(1);
  if (!account?.accessTokenEncrypted) return null;
  const accessToken = decryptSecret(account.accessTokenEncrypted, env.secretKey);
  return { account, client: appGraphClient(env, accessToken) };
}
