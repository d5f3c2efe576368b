import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../auth/sessions';
import { sha256Hex } from '../../lib/crypto';
import { HttpError } from '../../lib/http-errors';

/** Model calls a signed-in user may make per minute on each route (a paid key is the team's money). */
export const AI_CALLS_PER_MINUTE = 30;

/**
 * Counted per session (one office behind one address has many agents), else per address. Answers
 * in the app's error shape with words.
 */
export const modelCallLimit = {
  max: AI_CALLS_PER_MINUTE,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => {
    const session = request.cookies?.[SESSION_COOKIE];
    return session ? `ai:${sha256Hex(session)}` : `ai-ip:${request.ip}`;
  },
  errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
    new HttpError(429, 'too_many_requests', `Too many AI requests. Try again in ${context.after}.`),
};
