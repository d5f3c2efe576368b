import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailOutbox } from '../../db/schema';
import { notFound } from '../../lib/http-errors';

/**
 * GET /api/dev/outbox: e-mails the app "sent" while no SMTP server is configured. Only exists in
 * sandbox mode without SMTP, so a production install never shows anyone's reset links.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/outbox', { config: { access: 'public' }, schema: { tags: ['dev'] } }, async () => {
    if (!app.env.devOutbox || !app.env.sandbox)
      throw notFound('The dev outbox is off: this server sends e-mail.');
    const messages = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
    return {
      messages: messages.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });
};
