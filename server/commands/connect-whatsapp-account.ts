import { CONNECT_MSG, type ConnectEmbeddedInput, type ConnectManualInput } from '@common/api/whatsapp';
import { and, eq } from 'drizzle-orm';
import { planNextRefreshCheck } from '../accounts/token-refresh';
import type { ChannelProvider, WhatsAppConnector } from '../channel/channel';
import type { Database } from '../db/client';
import { teamMembers, teams, whatsappAccounts } from '../db/schema';
import type { Env } from '../env';
import { encryptSecret } from '../lib/crypto';
import { HttpError } from '../lib/http-errors';
import { GraphApiError } from '../whatsapp/graph-errors';

type Connection = {
  accessToken: string;
  tokenExpiresAt: Date | null;
  wabaId: string;
  businessId: string | null;
  phone: {
    id: string;
    displayPhoneNumber: string | null;
    verifiedName: string | null;
    messagingLimitTier?: string | null;
  };
  wabaName: string | null;
};

/** Runs one Graph step; any failure becomes the spec's message for that step (Meta's words logged, not shown). */
async function step<T>(message: string | ((error: unknown) => string), run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const text = typeof message === 'string' ? message : message(error);
    const upstreamDown = !(error instanceof GraphApiError) || error.isRetryable;
    throw new HttpError(upstreamDown ? 502 : 400, 'connect_failed', text);
  }
}

/** Embedded signup: code → token → debug_token → WABA → phone numbers → WABA details (spec §4). */
export async function connectWithCode(
  db: Database,
  env: Env,
  channels: ChannelProvider,
  user: { id: string; email: string },
  input: ConnectEmbeddedInput,
) {
  const app = channels.connector();
  const exchanged = await step(
    (e) => CONNECT_MSG.tokenExchange(e instanceof Error ? e.message : 'unknown error'),
    () => app.exchangeCode(input.code),
  );
  const graph = channels.connector(exchanged.accessToken);
  const debug = await step(CONNECT_MSG.debugToken, () => graph.debugToken(exchanged.accessToken));

  const wabaId = input.wabaId ?? debug.wabaIds[0];
  if (!wabaId) throw new HttpError(400, 'connect_failed', CONNECT_MSG.noWaba);
  const connection = await describeNumber(graph, wabaId, input.phoneNumberId);

  const expiresAt =
    exchanged.expiresIn !== null
      ? new Date(Date.now() + exchanged.expiresIn * 1000)
      : (debug.expiresAt ?? null);
  return saveConnection(db, env, user, graph, {
    ...connection,
    accessToken: exchanged.accessToken,
    tokenExpiresAt: expiresAt,
    businessId: input.businessId ?? null,
  });
}

/** A system-user token typed in by a self-hoster, checked against Graph before anything is saved. */
export async function connectWithToken(
  db: Database,
  env: Env,
  channels: ChannelProvider,
  user: { id: string; email: string },
  input: ConnectManualInput,
) {
  const graph = channels.connector(input.accessToken);
  await step(CONNECT_MSG.accountDetails, () => graph.getPhoneNumber(input.phoneNumberId));
  const connection = await describeNumber(graph, input.wabaId, input.phoneNumberId);
  let expiresAt: Date | null = null;
  try {
    expiresAt = (await graph.debugToken(input.accessToken)).expiresAt ?? null;
  } catch {
    // debug_token needs app credentials a self-hoster may not have configured; the expiry stays unknown.
  }
  return saveConnection(db, env, user, graph, {
    ...connection,
    accessToken: input.accessToken,
    tokenExpiresAt: expiresAt,
    businessId: null,
  });
}

async function describeNumber(graph: WhatsAppConnector, wabaId: string, phoneNumberId: string | undefined) {
  const numbers = await step(CONNECT_MSG.phoneNumbers, () => graph.listPhoneNumbers(wabaId));
  if (numbers.length === 0) throw new HttpError(400, 'connect_failed', CONNECT_MSG.noPhoneNumbers);
  const phone = phoneNumberId ? numbers.find((n) => n.id === phoneNumberId) : numbers[0];
  if (!phone) throw new HttpError(400, 'connect_failed', CONNECT_MSG.numberNotInWaba);
  const waba = await step(CONNECT_MSG.wabaDetails, () => graph.getWaba(wabaId));
  return {
    wabaId,
    wabaName: waba.name ?? null,
    phone: {
      id: phone.id,
      displayPhoneNumber: phone.displayPhoneNumber ?? null,
      verifiedName: phone.verifiedName ?? null,
      messagingLimitTier: phone.messagingLimitTier ?? null,
    },
  };
}

/**
 * Creates or updates the user's account, gives them a team they own ('My Team' without a business
 * name), and subscribes the app to the WABA's webhooks (spec §4 "First connection").
 */
async function saveConnection(
  db: Database,
  env: Env,
  user: { id: string; email: string },
  graph: WhatsAppConnector,
  c: Connection,
) {
  await step(CONNECT_MSG.failed, () => graph.subscribeApp(c.wabaId));

  return db.transaction(async (tx) => {
    const values = {
      userId: user.id,
      businessId: c.businessId,
      wabaId: c.wabaId,
      phoneNumberId: c.phone.id,
      displayPhoneNumber: c.phone.displayPhoneNumber,
      accessTokenEncrypted: encryptSecret(c.accessToken, env.secretKey),
      tokenExpiresAt: c.tokenExpiresAt,
      name: c.phone.verifiedName,
      businessName: c.wabaName,
      messagingLimitTier: c.phone.messagingLimitTier ?? null,
      nextRefreshCheck: planNextRefreshCheck(c.tokenExpiresAt),
      refreshAttemptsCount: 0,
      updatedAt: new Date(),
    };
    const [account] = await tx
      .insert(whatsappAccounts)
      .values(values)
      .onConflictDoUpdate({ target: whatsappAccounts.userId, set: values })
      .returning({ id: whatsappAccounts.id });

    const [owned] = await tx
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(
        and(eq(teamMembers.userId, user.id), eq(teamMembers.role, 'owner'), eq(teamMembers.status, 'active')),
      )
      .limit(1);
    let teamId = owned?.teamId;
    if (teamId) {
      await tx
        .update(teams)
        .set({ whatsappAccountId: account!.id, updatedAt: new Date() })
        .where(eq(teams.id, teamId));
    } else {
      const [team] = await tx
        .insert(teams)
        .values({ name: c.wabaName?.trim() || 'My Team', whatsappAccountId: account!.id })
        .returning({ id: teams.id });
      teamId = team!.id;
      await tx
        .insert(teamMembers)
        .values({ teamId, userId: user.id, email: user.email, role: 'owner', status: 'active' });
    }
    return { accountId: account!.id, teamId, next: '/app/chats' };
  });
}
