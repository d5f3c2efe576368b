import { z } from 'zod';
import type { Executor } from '../../db/client';
import { defineJob } from '../../jobs/define';
import { enqueue } from '../../jobs/queue';
import { findPhoneNumber, type SandboxPhoneNumber } from '../state/accounts';
import { advanceStatus, findMessage, markBusinessMessagesRead, type SandboxMessage } from '../state/messages';
import { getSettings, type SandboxSettings, sandboxNow } from '../state/settings';
import { statusChange } from './build';
import { emitChanges } from './emit';

/** How long after `sent` the customer's phone reports `delivered`. */
export const DELIVERY_DELAY_MS = 300;

/**
 * A later status of a business message: `delivered` once the phone has it (skipped when the customer
 * already read it: Meta then sends only `read`), or, with out-of-order statuses on, the `sent` that
 * arrives after `delivered`.
 */
export const statusAdvanceJob = defineJob({
  name: 'sandbox.status.advance',
  schema: z.object({ wamid: z.string().min(1), status: z.enum(['sent', 'delivered']) }),
  async handler({ wamid, status }, { db }) {
    await db.transaction(async (tx) => {
      const settings = await getSettings(tx);
      const message = await findMessage(tx, wamid);
      const phone = message ? await findPhoneNumber(tx, message.phoneNumberId) : null;
      if (!message || !phone) return;
      if (status === 'sent') {
        await emitChanges(tx, [statusChange(phone, message, 'sent', message.createdAt)], settings);
        return;
      }
      const moved = await advanceStatus(tx, wamid, 'delivered');
      if (moved)
        await emitChanges(tx, [statusChange(phone, moved, 'delivered', sandboxNow(settings))], settings);
    });
  },
});

/**
 * The statuses of a message the business just sent: `sent` now and `delivered` ~300 ms later; with
 * out-of-order statuses on, `delivered` now and `sent` after it. Reactions only ever get `sent`.
 */
export async function scheduleSendStatuses(
  tx: Executor,
  settings: SandboxSettings,
  phone: SandboxPhoneNumber,
  message: SandboxMessage,
): Promise<void> {
  const later = new Date(Date.now() + DELIVERY_DELAY_MS);
  if (message.type === 'reaction') {
    await emitChanges(tx, [statusChange(phone, message, 'sent', message.createdAt)], settings);
    return;
  }
  if (settings.outOfOrderStatuses) {
    const delivered = (await advanceStatus(tx, message.wamid, 'delivered')) ?? message;
    await emitChanges(tx, [statusChange(phone, delivered, 'delivered', message.createdAt)], settings);
    await enqueue(tx, statusAdvanceJob, { wamid: message.wamid, status: 'sent' }, { runAt: later });
    return;
  }
  await emitChanges(tx, [statusChange(phone, message, 'sent', message.createdAt)], settings);
  await enqueue(tx, statusAdvanceJob, { wamid: message.wamid, status: 'delivered' }, { runAt: later });
}

/** The customer read the chat: every unread business message turns read, one `read` status each. */
export async function readChat(
  tx: Executor,
  settings: SandboxSettings,
  phone: SandboxPhoneNumber,
  customerWaId: string,
): Promise<number> {
  const read = await markBusinessMessagesRead(tx, phone.id, customerWaId);
  const now = sandboxNow(settings);
  await emitChanges(
    tx,
    read.map((message) => statusChange(phone, message, 'read', now)),
    settings,
  );
  return read.length;
}
