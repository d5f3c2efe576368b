import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from '@common/api/auth';
import { MSG } from '@common/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUser } from '../../auth/route-access';
import { clearSessionCookie, createSession, deleteSession, setSessionCookie } from '../../auth/sessions';
import { requestPasswordReset, resetPassword } from '../../commands/password-reset';
import { signIn } from '../../commands/sign-in';
import { signUp } from '../../commands/sign-up';

const userSchema = z.object({ id: z.string(), email: z.string() });
const errorSchema = z.object({ error: z.string(), message: z.string() });

function tooMany(message: string) {
  return (_request: unknown, context: { after: string }) => ({
    statusCode: 429,
    error: 'too_many_requests',
    message: `${message} (retry in ${context.after})`,
  });
}

/** Sign-up, sign-in, sign-out and the password reset flow. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secureCookie = app.env.publicUrl?.startsWith('https://') ?? false;

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
      const user = await signIn(app.db, request.body);
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
      if (user) await deleteSession(app.db, user.sessionId);
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
      const baseUrl = app.env.publicUrl ?? `${request.protocol}://${request.host}`;
      await requestPasswordReset(app.db, request.body.email, baseUrl);
      // The same answer whether or not the address has an account.
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
      await resetPassword(app.db, request.body.token, request.body.password);
      clearSessionCookie(reply);
      return { ok: true };
    },
  );
};
