import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env';

/** Where Meta's JavaScript SDK comes from and where its login frames live (embedded signup). */
const FACEBOOK_SDK_ORIGIN = 'https://connect.facebook.net';
const FACEBOOK_FRAMES = 'https://www.facebook.com https://web.facebook.com';

/**
 * The Content-Security-Policy of every HTML page: scripts only from this origin (Vite emits no inline
 * script), no plugins, no framing by other sites, forms and `<base>` kept to this origin. React sets
 * style attributes through the CSSOM, which style-src does not govern, so inline styles stay
 * forbidden too. Images and media may be `blob:` (previews of a file being attached) or `data:`.
 * Meta's SDK is allowed only when a Meta app is configured, since only then does the connect page
 * load it.
 */
export function contentSecurityPolicy(env: Pick<Env, 'meta'>): string {
  const facebook = env.meta.appId !== undefined;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(facebook ? [FACEBOOK_SDK_ORIGIN] : [])],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['media-src', "'self'", 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['frame-src', ...(facebook ? [FACEBOOK_FRAMES] : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * The API reference (Swagger UI at /api/docs) injects `<style>` elements, so its pages also allow
 * inline styles; scripts stay this origin's only.
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * An onSend hook: headers for every answer (no type sniffing, no referrer beyond this origin, no
 * framing; HSTS when served over https) and the Content-Security-Policy on HTML pages.
 */
export function securityHeaders(env: Pick<Env, 'meta' | 'publicUrl'>) {
  const csp = contentSecurityPolicy(env);
  const https = env.publicUrl.startsWith('https://');
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (https) reply.header('strict-transport-security', 'max-age=31536000');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', csp);
    }
    return payload;
  };
}
