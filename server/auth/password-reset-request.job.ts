import { z } from 'zod';
import { requestPasswordReset } from '../commands/password-reset';
import { defineJob } from '../jobs/define';

/**
 * Forgot-password, off the request path: the route only queues this job (the same work whether or not
 * the address has an account) and answers 202, so its timing says nothing about the account. The job
 * looks the address up and, when it has an account, stores a reset token and queues the e-mail in one
 * transaction. The link is built from PUBLIC_URL only.
 */
export const passwordResetRequestJob = defineJob({
  name: 'auth.password-reset-request',
  schema: z.object({ email: z.string().min(1).max(320) }),
  maxAttempts: 5,
  async handler({ email }, { db, env }) {
    await requestPasswordReset(db, email.toLowerCase(), env.publicUrl);
  },
});
