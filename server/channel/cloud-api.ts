import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { whatsappAccounts } from '../db/schema';
import type { Env } from '../env';
import { decryptSecret } from '../lib/crypto';
import { getSelfOrigin } from '../lib/self-origin';
import { createGraphClient, type GraphClient } from '../whatsapp/graph-client';
import { GraphConfigError } from '../whatsapp/graph-errors';
import type { ChannelProvider, WhatsAppChannel, WhatsAppConnector } from './channel';

/** Where this process serves the sandbox's Graph API (Meta's side, over HTTP like Meta). */
export const SANDBOX_GRAPH_PATH = '/sandbox/graph/v22.0';

/** The Graph API base: META_GRAPH_URL, or this server's own sandbox when none is configured. */
export function resolveGraphUrl(env: Env): string {
  return env.meta.graphUrl ?? `${getSelfOrigin(env.port)}${SANDBOX_GRAPH_PATH}`;
}

/** A Graph client with the app's credentials, speaking with `accessToken` when given. */
export function appGraphClient(env: Env, accessToken?: string): GraphClient {
  return createGraphClient({
    baseUrl: resolveGraphUrl(env),
    accessToken,
    appId: env.meta.appId ?? 'sandbox-app',
    appSecret: env.meta.appSecret ?? env.meta.webhookSecret,
  });
}

export type AccountRow = typeof whatsappAccounts.$inferSelect;

/** The stored account and its decrypted token; null when unknown or without a token (not connected). */
export async function accountWithToken(
  db: Executor,
  env: Env,
  accountId: string,
): Promise<{ account: AccountRow; accessToken: string } | null> {
  const [account] = await db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, accountId))
    .limit(1);
  if (!account?.accessTokenEncrypted) return null;
  return { account, accessToken: decryptSecret(account.accessTokenEncrypted, env.secretKey) };
}

/** A number's channel over a Graph client that already speaks with the account's token. */
export function cloudApiChannel(
  client: GraphClient,
  number: { phoneNumberId: string; wabaId: string | null },
): WhatsAppChannel {
  const { phoneNumberId, wabaId } = number;
  const requireWaba = () => wabaId ?? Promise.reject(new GraphConfigError('The account has no WABA id'));
  return {
    phoneNumberId,
    wabaId,
    send: (message) => client.sendMessage(phoneNumberId, message),
    markRead: async (externalId) => {
      await client.markAsRead(phoneNumberId, externalId);
    },
    uploadMedia: (file) => client.uploadMedia(phoneNumberId, file),
    getMedia: (mediaId) => client.getMediaUrl(mediaId),
    downloadMedia: (url, limits) => client.downloadMedia(url, limits),
    listTemplates: async () => client.listTemplates(await requireWaba()),
    createTemplate: async (template) => client.createTemplate(await requireWaba(), template),
    uploadTemplateSample: (file) => client.uploadTemplateSample(file),
  };
}

/**
 * The WhatsApp Cloud API over Graph at `resolveGraphUrl(env)`: Meta's, or the built-in sandbox's when
 * META_GRAPH_URL is unset (the sandbox stays Meta's side over HTTP). The URL is resolved per call,
 * since the sandbox's origin is known only once the server listens.
 */
export function cloudApiChannels(env: Env): ChannelProvider {
  return {
    async forAccount(db, accountId) {
      const found = await accountWithToken(db, env, accountId);
      if (!found) return null;
      const { account, accessToken } = found;
      return cloudApiChannel(appGraphClient(env, accessToken), {
        phoneNumberId: account.phoneNumberId,
        wabaId: account.wabaId,
      });
    },
    connector(accessToken?: string): WhatsAppConnector {
      return appGraphClient(env, accessToken);
    },
  };
}
