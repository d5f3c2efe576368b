import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findPhoneNumber } from '../state/accounts';
import { unixSeconds } from '../state/settings';
import {
  issueAccessToken,
  LONG_LIVED_TTL_SECONDS,
  lookupAccessToken,
  redeemCode,
  type SandboxToken,
  sandboxAppCredentials,
} from '../state/tokens';
import { bearerToken, type GraphContext } from './context';
import { GraphError, graphErrors } from './errors';

const accessTokenParams = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  fb_exchange_token: z.string().optional(),
  code: z.string().optional(),
  redirect_uri: z.string().optional(),
  set_token_expires_in_60_days: z.string().optional(),
});

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function checkClient(
  ctx: GraphContext,
  clientId: string | undefined,
  clientSecret: string | undefined,
): void {
  const app = sandboxAppCredentials(ctx.env);
  if (!clientId || !clientSecret || clientId !== app.appId || !sameSecret(clientSecret, app.appSecret)) {
    throw graphErrors.clientSecret();
  }
}

const codeError = (subcode: number, details: string) =>
  new GraphError(100, 'Invalid verification code', details, { httpStatus: 400, subcode });

/**
 * GET or POST oauth/access_token: `grant_type=fb_exchange_token` turns a token into a new ~60-day one;
 * `code` (embedded signup) turns a single-use code into the business token for its WABA.
 */
export async function exchangeAccessToken(ctx: GraphContext, input: unknown) {
  const parsed = accessTokenParams.safeParse(input ?? {});
  if (!parsed.success) throw graphErrors.invalidParameter('The request parameters are not valid.');
  const params = parsed.data;
  checkClient(ctx, params.client_id, params.client_secret);
  const expiresAt = new Date(ctx.now.getTime() + LONG_LIVED_TTL_SECONDS * 1000);

  if (params.grant_type === 'fb_exchange_token') {
    if (!params.fb_exchange_token) throw graphErrors.invalidParameter('Missing fb_exchange_token parameter.');
    const found = await lookupAccessToken(ctx.db, params.fb_exchange_token, ctx.now);
    if (!found.ok) {
      if (found.expiredAt) throw graphErrors.expiredToken(found.expiredAt, ctx.now);
      throw graphErrors.invalidToken();
    }
    const grant = { wabaId: found.token.wabaId, phoneNumberId: found.token.phoneNumberId };
    const issued = await issueAccessToken(ctx.db, grant, 'user_token', expiresAt, ctx.now);
    return { access_token: issued.token, token_type: 'bearer', expires_in: LONG_LIVED_TTL_SECONDS };
  }

  if (params.code) {
    const redeemed = await redeemCode(ctx.db, params.code, ctx.now);
    if (!redeemed.ok) {
      if (redeemed.reason === 'used') throw codeError(36009, 'This authorization code has been used.');
      if (redeemed.reason === 'expired') throw codeError(36007, 'This authorization code has expired.');
      throw codeError(36008, 'Invalid verification code format.');
    }
    const grant = { wabaId: redeemed.code.wabaId, phoneNumberId: redeemed.code.phoneNumberId };
    const issued = await issueAccessToken(ctx.db, grant, 'access_token', expiresAt, ctx.now);
    return { access_token: issued.token, token_type: 'bearer', expires_in: LONG_LIVED_TTL_SECONDS };
  }

  throw graphErrors.invalidParameter('Either grant_type=fb_exchange_token or code is required.');
}

/** A stable numeric user id for a token (the system user the business token belongs to). */
function userIdFor(token: SandboxToken): string {
  const digits = BigInt(
    `0x${createHash('sha256').update(token.wabaId).digest('hex').slice(0, 12)}`,
  ).toString();
  return `1${digits.padStart(14, '0').slice(0, 14)}`;
}

const SCOPES = [
  'whatsapp_business_management',
  'whatsapp_business_messaging',
  'business_management',
  'public_profile',
];

/**
 * GET debug_token?input_token=: what a token is and may do. The caller authenticates with the app
 * token (`app_id|app_secret`) or any valid access token; an invalid input token is not an error but
 * `is_valid: false`, as Meta answers.
 */
export async function debugToken(ctx: GraphContext, request: FastifyRequest) {
  const caller = bearerToken(request);
  const app = sandboxAppCredentials(ctx.env);
  const isAppToken = caller !== null && sameSecret(caller, `${app.appId}|${app.appSecret}`);
  if (!isAppToken) {
    if (!caller) throw graphErrors.invalidToken('An access token is required to request this resource.');
    const found = await lookupAccessToken(ctx.db, caller, ctx.now);
    if (!found.ok)
      throw found.expiredAt ? graphErrors.expiredToken(found.expiredAt, ctx.now) : graphErrors.invalidToken();
  }

  const query = z.object({ input_token: z.string().min(1) }).safeParse(request.query);
  if (!query.success) throw graphErrors.invalidParameter('The parameter input_token is required');

  const found = await lookupAccessToken(ctx.db, query.data.input_token, ctx.now);
  if (!found.ok) {
    return {
      data: {
        app_id: app.appId,
        ...(found.expiredAt ? { expires_at: unixSeconds(found.expiredAt) } : {}),
        error: found.expiredAt
          ? {
              code: 190,
              message: `Error validating access token: Session has expired on ${found.expiredAt.toUTCString()}.`,
              subcode: 463,
            }
          : { code: 190, message: 'Invalid OAuth access token.' },
        is_valid: false,
        scopes: [],
      },
    };
  }

  const token = found.token;
  const phone = await findPhoneNumber(ctx.db, token.phoneNumberId);
  const wabaTargets = [token.wabaId];
  return {
    data: {
      app_id: app.appId,
      type: token.kind === 'user_token' ? 'USER' : 'SYSTEM_USER',
      application: 'Switchboard Sandbox',
      data_access_expires_at: unixSeconds(ctx.now) + 90 * 86_400,
      expires_at: token.expiresAt ? unixSeconds(token.expiresAt) : 0,
      is_valid: true,
      issued_at: unixSeconds(token.createdAt),
      scopes: SCOPES,
      granular_scopes: [
        { scope: 'whatsapp_business_management', target_ids: wabaTargets },
        { scope: 'whatsapp_business_messaging', target_ids: wabaTargets },
        ...(phone ? [{ scope: 'business_management', target_ids: [phone.businessId] }] : []),
      ],
      user_id: userIdFor(token),
    },
  };
}
