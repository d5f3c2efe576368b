import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema';
import { defineJob } from '../jobs/define';
import { enqueue } from '../jobs/queue';

export type Email = { to: string; subject: string; text: string; html?: string };

/** Stores the e-mail and queues its delivery in the caller's transaction, so none is lost. */
export async function queueEmail(db: Executor, email: Email): Promise<void> {
  const [row] = await db.insert(mailOutbox).values(email).returning({ id: mailOutbox.id });
  await enqueue(db, emailSendJob, { outboxId: row!.id });
}

const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Sends one outbox e-mail over SMTP, or, with no SMTP configured, logs it for the dev outbox. */
export const emailSendJob = defineJob({
  name: 'email.send',
  schema: z.object({ outboxId: z.uuid() }),
  maxAttempts: 8,
  async handler({ outboxId }, { db, env, log }) {
    const [email] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)).limit(1);
    if (!email || email.sentAt) return;

    if (env.smtpUrl) {
      await transportFor(env.smtpUrl).sendMail({
        from: env.mailFrom,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? undefined,
      });
      log.info({ outboxId, subject: email.subject }, 'e-mail sent');
    } else {
      // Dev mode: no SMTP server. The text (with its links) goes to the log and the /dev/outbox page.
      log.info({ outboxId, to: email.to, subject: email.subject, text: email.text }, 'e-mail (dev outbox)');
    }
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, outboxId));
  },
});
