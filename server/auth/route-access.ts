import { MSG } from '@common/messages';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { forbidden, unauthorized } from '../lib/http-errors';
import { type AccountAccess, resolveAccess } from './access';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from './sessions';

/**
 * Who may call a route. `public`: anyone; `user`: any signed-in user (onboarding, connecting a
 * number); `member`: an active member of a team with an account; `owner`: that team's owner.
 */
export type RouteAccess = 'public' | 'user' | 'member' | 'owner';
const ACCESS_LEVELS: readonly RouteAccess[] = ['public', 'user', 'member', 'owner'];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** What a signed-out caller is told, when the spec words it for this route. */
    signedOutMessage?: string;
  }
}

/** The caller of a `member` or `owner` route: the session user plus the team and account they act in. */
export type Actor = SessionUser & AccountAccess & { teamId: string };

const userCache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
const accessCache = new WeakMap<FastifyRequest, Promise<AccountAccess>>();

/** The signed-in user, or null. Looked up once per request, only when something asks. */
export function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  let pending = userCache.get(request);
  if (!pending) {
    pending = findSessionUser(request.server.db, request.cookies[SESSION_COOKIE]);
    userCache.set(request, pending);
  }
  return pending;
}

/** The account access of the signed-in user (kind 'none' when signed out). */
export async function requestAccess(request: FastifyRequest): Promise<AccountAccess> {
  let pending = accessCache.get(request);
  if (!pending) {
    pending = sessionUser(request).then((user) =>
      user
        ? resolveAccess(request.server.db, user.id)
        : { kind: 'none', teamId: null, role: null, account: null },
    );
    accessCache.set(request, pending);
  }
  return pending;
}

/** For handlers of `user` routes: the session user, which the access hook has already required. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw unauthorized(request.routeOptions.config?.signedOutMessage ?? MSG.notSignedIn);
  return user;
}

/** For handlers of `member`/`owner` routes. */
export async function requireActor(request: FastifyRequest): Promise<Actor> {
  const user = await requireUser(request);
  const access = await requestAccess(request);
  if (access.kind === 'none' || !access.teamId) throw forbidden(MSG.noAccountAccess, 'no_account');
  return { ...user, ...access, teamId: access.teamId };
}

/**
 * Every route must declare `config.access`; the server refuses to start if one does not. The
 * declared level is enforced before the handler runs.
 */
export const routeAccessPlugin = fp(async (app: FastifyInstance) => {
  const routes: RouteOptions[] = [];
  app.decorate('routeAccessTable', () =>
    routes.flatMap((r) =>
      [r.method].flat().map((method) => ({ method, url: r.url, access: r.config?.access as RouteAccess })),
    ),
  );
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => !ACCESS_LEVELS.includes(r.config?.access as RouteAccess));
    if (missing.length > 0) {
      const list = missing.map((r) => `${[r.method].flat().join(',')} ${r.url}`).join(', ');
      throw new Error(`Routes without a declared access level (config.access): ${list}`);
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === 'public') return;
    if (access === 'user') {
      await requireUser(request);
      return;
    }
    const actor = await requireActor(request);
    if (access === 'owner' && actor.role !== 'owner') throw forbidden(MSG.ownerOnly, 'owner_only');
  });
});

/** Marks every route registered inside a third-party plugin scope (static files, API docs) public. */
export function publicScope(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: route.config?.access ?? 'public' };
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Every route with its declared access (the permission test walks it). */
    routeAccessTable(): { method: string; url: string; access: RouteAccess }[];
  }
}
