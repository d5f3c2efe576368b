import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const LOOKUP_TIMEOUT_MS = 1_500;

/**
 * GET /api/geo: the visitor's country for preselecting the dial code. Asked server-side so the
 * browser never talks to a third party; with GEOIP_URL unset, or on any failure, the answer is null.
 */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/geo',
    {
      config: { access: 'public' },
      schema: { tags: ['public'], response: { 200: z.object({ countryCode: z.string().nullable() }) } },
    },
    async (request) => {
      const url = app.env.geoipUrl;
      if (!url) return { countryCode: null };
      try {
        const target = url.replace('{ip}', encodeURIComponent(request.ip));
        const response = await fetch(target, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
        const body = (await response.json()) as { country_code?: unknown };
        const code = typeof body.country_code === 'string' ? body.country_code.toUpperCase() : null;
        return { countryCode: code && /^[A-Z]{2}$/.test(code) ? code : null };
      } catch {
        return { countryCode: null };
      }
    },
  );
};
