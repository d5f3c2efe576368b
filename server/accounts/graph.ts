/**
 * The raw Graph client for an account, for the sandbox's own tests, which exercise the wire directly.
 * The core never uses this: it talks to WhatsApp through `server/channel/` (`ChannelProvider`).
 */
import { type AccountRow, accountWithToken, appGraphClient } from '../channel/cloud-api';
import type { Executor } from '../db/client';
import type { Env } from '../env';
import type { GraphClient } from '../whatsapp/graph-client';

export { type AccountRow, appGraphClient, resolveGraphUrl, SANDBOX_GRAPH_PATH } from '../channel/cloud-api';

/** The stored account and a Graph client that speaks for it with its decrypted token. */
export async function graphForAccount(
  db: Executor,
  env: Env,
  accountId: string,
): Promise<{ account: AccountRow; client: GraphClient } | null> {
  const found = await accountWithToken(db, env, accountId);
  return found && { account: found.account, client: appGraphClient(env, found.accessToken) };
}
