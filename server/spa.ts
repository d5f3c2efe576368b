import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardRedirect, isGuardedPath } from '@common/guards';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicScope, requestAccess, sessionUser } from './auth/route-access';
import { notFound } from './lib/http-errors';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const NOT_PAGES = ['/api/', '/webhooks/', '/sandbox/graph/', '/sandbox/api/', '/sandbox/lookaside/'];

/**
 * Serves the built web app. Page loads pass the same guard as client-side navigation
 * (common/guards.ts), decided here from the session cookie: a signed-out visit to /app/chats is
 * redirected before any HTML is sent.
 */
export const spaPlugin = fp(async (app: FastifyInstance) => {
  const indexFile = path.join(WEB_DIST, 'index.html');
  if (!existsSync(indexFile)) app.log.warn({ dir: WEB_DIST }, 'web app not built; run `npm run build`');
  let indexHtml: string | undefined;

  await app.register(async (scope) => {
    publicScope(scope);
    if (existsSync(WEB_DIST)) {
      await scope.register(fastifyStatic, {
        root: WEB_DIST,
        index: false,
        wildcard: false,
        setHeaders(res, filePath) {
          // Vite fingerprints everything under assets/, so those may be cached for good.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    }
  });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (NOT_PAGES.some((prefix) => pathname.startsWith(prefix)) || /\.[a-z0-9]{1,8}$/i.test(pathname)) {
      throw notFound(`No route for GET ${pathname}`);
    }

    if (isGuardedPath(pathname)) {
      const user = await sessionUser(request);
      const access = await requestAccess(request);
      const needsReconnect =
        access.kind === 'owner' &&
        access.account?.tokenExpiresAt != null &&
        access.account.tokenExpiresAt <= new Date();
      const target = guardRedirect(pathname, {
        signedIn: user !== null,
        access: access.kind,
        needsReconnect,
      });
      if (target) return reply.redirect(target, 302);
    }

    indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    if (!indexHtml) {
      return reply.code(503).type('text/plain').send('The web app is not built yet. Run `npm run build`.');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  });
});
