import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { getSelfOrigin } from '../../lib/self-origin';
import { getSettingsForGraph, type SandboxSettings, sandboxNow } from '../state/settings';
import { lookupAccessToken, type SandboxToken } from '../state/tokens';
import { graphErrors } from './errors';

/** What every Graph handler works with: the database, the switches and the sandbox clock. */
export type GraphContext = {
  db: Database;
  env: Env;
  settings: SandboxSettings;
  now: Date;
  /**
   * Where the sandbox was reached, for URLs it hands out (media, paging): the address and port the
   * request's connection arrived on — never the request's Host, which the caller chooses.
   */
  origin: string;
};

function sandboxOrigin(request: FastifyRequest): string {
  const { localAddress, localPort } = request.socket;
  if (!localAddress || !localPort) return getSelfOrigin(request.server.env.port);
  const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return `http://${host}:${localPort}`;
}

export async function graphContext(request: FastifyRequest): Promise<GraphContext> {
  const settings = await getSettingsForGraph(request.server.db);
  return {
    db: request.server.db,
    env: request.server.env,
    settings,
    now: sandboxNow(settings),
    origin: sandboxOrigin(request),
  };
}

/** The token of an `Authorization: Bearer …` (or `OAuth …`, which Graph takes alike) header. */
export function headerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(header)?.[1] ?? null;
}

/** The bearer token of a request (Graph also takes `?access_token=`). */
export function bearerToken(request: FastifyRequest): string | null {
  if (typeof request.headers.authorization === 'string') return headerToken(request);
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' && query.access_token !== '' ? query.access_token : null;
}

/** The caller's access token, or the 190 error Meta answers for a missing, unknown or expired one. */
export async function requireToken(
  ctx: GraphContext,
  request: FastifyRequest,
  readToken: (request: FastifyRequest) => string | null = bearerToken,
): Promise<SandboxToken> {
  const value = readToken(request);
  if (!value) throw graphErrors.invalidToken('An active access token must be used to query information.');
  const found = await lookupAccessToken(ctx.db, value, ctx.now);
  if (found.ok) return found.token;
  if (found.reason === 'expired' && found.expiredAt) throw graphErrors.expiredToken(found.expiredAt, ctx.now);
  throw graphErrors.invalidToken();
}

/** Tokens are granted one WABA (and its number); anything else is a permissions error. */
export function requireWaba(token: SandboxToken, wabaId: string): void {
  if (token.wabaId !== wabaId) throw graphErrors.noPermission();
}
