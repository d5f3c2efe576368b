import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from '@common/api/auth';
import { MSG } from '@common/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordResetRequestJob } from '../../auth/password-reset-request.job';
import { sessionUser } from '../../auth/route-access';
import { clearSessionCookie, createSession, deleteSession, setSessionCookie } from '../../auth/sessions';
import { formatRetryAfter, type SignInLimit } from '../../auth/sign-in-limit';
import { resetPassword } from '../../commands/password-reset';
import { signIn } from '../../commands/sign-in';
import { signUp } from '../../commands/sign-up';
import { enqueue } from '../../jobs/queue';
import { revokeLive } from '../../live/plugin';

const userSchema = z.object({ id: z.string(), email: z.string() });
const errorSchema = z.object({ error: z.string(), message: z.string() });

function tooMany(message: string) {
  return (_request: unknown, context: { after: string }) => ({
    statusCode: 429,
    error: 'too_many_requests',
    message: `${message} (retry in ${context.after})`,
  });
}

/** The per-account limit's refusal: the per-IP limit's shape and message, with its own wait. */
function tooManyForAccount(retryAfterMs: number) {
  return tooMany(MSG.tooManySignIns)(undefined, { after: formatRetryAfter(retryAfterMs) });
}

/** Sign-up, sign-in, sign-out and the password reset flow. */
export const authRoutes: FastifyPluginAsyncZod<{ signInLimit: SignInLimit }> = async (
  app,
  { signInLimit },
) => {
  // Secure cookies only when the public address is https (PUBLIC_URL, http://localhost:PORT in dev).
  const secureCookie = app.env.publicUrl.startsWith('https://');

  app.post(
    '/sign-up',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        body: signUpSchema,
        response: {
          201: z.object({ user: userSchema, joinedTeam: z.boolean(), next: z.string() }),
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, joinedTeam } = await signUp(app.db, request.body);
      const token = await createSession(app.db, user.id, request.headers['user-agent']);
      setSessionCookie(reply, token, secureCookie);
      return reply.code(201).send({ user, joinedTeam, next: joinedTeam ? '/app' : '/onboarding' });
    },
  );

  app.post(
    '/sign-in',
    {
      config: {
        access: 'public',
        rateLimit: { max: 10, timeWindow: 60_000, errorResponseBuilder: tooMany(MSG.tooManySignIns) },
      },
      schema: {
        tags: ['auth'],
        body: signInSchema,
        response: { 200: z.object({ user: userSchema, next: z.string() }) },
      },
    },
    async (request, reply) => {
      // Per account as well as per IP (above): forged or rotating client addresses buy no extra
      // guesses. Refused before the password is checked, alike for known and unknown addresses.
      const attempt = await signInLimit.attempt(request.body.email);
      if (!attempt.allowed) {
        reply.header('retry-after', String(Math.ceil(attempt.retryAfterMs / 1000)));
        throw tooManyForAccount(attempt.retryAfterMs);
      }
      const user = await signIn(app.db, request.body);
      await signInLimit.succeeded(request.body.email);
      const token = await createSession(app.db, user.id, request.headers['user-agent']);
      setSessionCookie(reply, token, secureCookie);
      return { user, next: '/connect-facebook' };
    },
  );

  app.post(
    '/sign-out',
    { config: { access: 'public' }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      const user = await sessionUser(request);
      if (user) {
        await deleteSession(app.db, user.sessionId);
        // This session's live sockets close now, on every process; the user's other sessions keep theirs.
        await revokeLive(app, { reason: 'signed-out', userId: user.id, sessionId: user.sessionId });
      }
      clearSessionCookie(reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/forgot-password',
    {
      config: {
        access: 'public',
        rateLimit: { max: 5, timeWindow: 60_000, errorResponseBuilder: tooMany('Too many reset requests.') },
      },
      schema: { tags: ['auth'], body: forgotPasswordSchema },
    },
    async (request, reply) => {
      // Only queued here: the job looks the address up and mails a link built from PUBLIC_URL, so
      // the answer (status and time) is the same whether or not the address has an account.
      await enqueue(app.db, passwordResetRequestJob, { email: request.body.email.toLowerCase() });
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: { tags: ['auth'], body: resetPasswordSchema },
    },
    async (request, reply) => {
      const userId = await resetPassword(app.db, request.body.token, request.body.password);
      // Every session was signed out: so is every live socket of the user, on every process.
      await revokeLive(app, { reason: 'password-reset', userId });
      clearSessionCookie(reply);
      return { ok: true };
    },
  );
};
