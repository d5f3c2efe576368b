import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './http-errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** What the check needs from Env (`publicUrl` may be missing in an older Env: then localhost). */
type OriginEnv = { publicUrl?: string | undefined; port: number };

export const CROSS_ORIGIN_MESSAGE = 'Cross-origin requests are not allowed.';

/** The address the app is published at: PUBLIC_URL, else this process's port on localhost. */
export function publicOrigin(env: OriginEnv): string {
  return new URL(env.publicUrl ?? `http://localhost:${env.port}`).origin;
}

/**
 * The origins a browser may write from: the public origin, and when that is a loopback address (a
 * developer's machine, the e2e server) the same scheme and port on every loopback name, so opening
 * http://127.0.0.1:3000 works as well as http://localhost:3000.
 */
export function allowedOrigins(env: OriginEnv): Set<string> {
  const origin = publicOrigin(env);
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return new Set([origin]);
  const port = url.port ? `:${url.port}` : '';
  return new Set([origin, ...LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`)]);
}

function isUpgrade(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.headers.upgrade?.toLowerCase() === 'websocket';
}

/** What the origin check looks at: writes to the API and WebSocket upgrades under /api (the live feed). */
function isGuarded(request: FastifyRequest): boolean {
  // The matched route too: the router decodes the path, so /%61pi/tags reaches /api/tags.
  const route = request.routeOptions.url ?? '';
  if (!request.url.startsWith('/api/') && !route.startsWith('/api/')) return false;
  return STATE_CHANGING.has(request.method) || isUpgrade(request);
}

function isSameOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return allowed.has(origin);
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * An onRequest hook refusing cross-origin writes to the API and cross-origin WebSockets on
 * /api/live with 403 `cross_origin`. SameSite=Lax cookies still ride along from a page on the same
 * site (another port or subdomain), so the session cookie alone does not prove the app sent it.
 * A present `Origin` must be an allowed one (`null`, sent by sandboxed and privacy-sensitive
 * contexts, is foreign); without it, a present `Sec-Fetch-Site` must be `same-origin` or `none`; a
 * request with neither (curl, server-to-server, tests) passes, since no browser sent it on a
 * user's behalf. Meta's webhook (`/webhooks/whatsapp`) and the sandbox (`/sandbox/...`) are not
 * under /api and are not checked. Registered at the root, it runs before the session is looked up.
 */
export function originCheck(env: OriginEnv) {
  const allowed = allowedOrigins(env);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!isGuarded(request) || isSameOrigin(request, allowed)) return;
    // A refused upgrade is answered on the raw socket @fastify/websocket handed to the router, which
    // nothing else closes when this hook runs before that plugin's own: close it once 403 is out.
    if (isUpgrade(request)) reply.raw.once('finish', () => request.raw.socket.destroy());
    throw forbidden(CROSS_ORIGIN_MESSAGE, 'cross_origin');
  };
}
